/**
 * The dye colour table: every shipped colour by id, with its swatch, name and hex (or
 * "not known"). Three narrow columns that fit a 390 px phone; rendered on the server
 * only (no JavaScript needed, none sent).
 */
import type { DyeColour } from "@/lib/catalogue/dye-colours";
import { ColourSwatch } from "./colour-swatch";

const head = "px-2 py-2 text-left text-xs font-medium text-slate-300";

export function ColourTable({ colours }: { colours: readonly DyeColour[] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="pb-2 text-left text-sm text-slate-300">
        {`${colours.length.toLocaleString("en-US")} dye colours, by id`}
      </caption>
      <thead>
        <tr className="border-b border-slate-700">
          <th scope="col" className={`${head} w-14`}>
            ID
          </th>
          <th scope="col" className={`${head} w-28`}>
            Colour
          </th>
          <th scope="col" className={head}>
            Name
          </th>
        </tr>
      </thead>
      <tbody>
        {colours.map((c) => (
          <tr key={c.id} data-colour={c.id} className="border-t border-slate-800 align-middle">
            <td className="px-2 py-1.5 font-mono text-slate-100">{c.id}</td>
            <td className="px-2 py-1.5">
              <span className="flex items-center gap-2">
                <ColourSwatch hex={c.hex} />
                <span className="font-mono text-xs text-slate-300">{c.hex ?? "not known"}</span>
              </span>
            </td>
            <td className="px-2 py-1.5 break-words text-slate-100">{c.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
