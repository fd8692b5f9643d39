/** A form field's error, linked from the field by aria-describedby={errorId(name)}. */
export const errorId = (name: string) => `${name}-error`;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} role={message ? "alert" : undefined} className="min-h-5 text-sm text-rose-300">
      {message ?? ""}
    </p>
  );
}
