/** A spinner with its text announced politely; the text is what screen readers hear. */
export function Spinner({ text }: { text: string }) {
  return (
    <div className="centered" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
