/** Placeholder until this page is built. */
export default function Page() {
  return null;
}
