/** A short visible label ("Title") whose accessible name says which document it belongs to. */
export function AccessibleLabel({ text, of }: { text: string; of: string }) {
  return (
    <>
      {text}
      <span className="visually-hidden"> of {of}</span>
    </>
  );
}
