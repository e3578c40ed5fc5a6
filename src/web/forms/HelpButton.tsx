/** Placeholder until the help sidebar lands (phase 2): renders nothing. */
export function HelpButton(_props: { path: string }) {
  return null;
}
