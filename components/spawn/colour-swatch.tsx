/**
 * A dye colour's swatch: a square of its colour with a border that shows on the dark
 * page even for black; a dashed empty square where the colour is not known (never a
 * guessed one), and an empty frame where no colour is chosen. Decorative: the id, name
 * and hex beside it are the text.
 */
interface Props {
  /** `#RRGGBB`; null: a colour whose hex is not known; undefined: none chosen */
  hex: string | null | undefined;
}

export function ColourSwatch({ hex }: Props) {
  const frame = "inline-block h-7 w-7 shrink-0 rounded border";
  if (hex === undefined) return <span aria-hidden="true" className={`${frame} border-slate-700`} />;
  if (hex === null) return <span aria-hidden="true" className={`${frame} border-dashed border-slate-500`} />;
  return <span aria-hidden="true" className={`${frame} border-slate-500`} style={{ backgroundColor: hex }} />;
}
