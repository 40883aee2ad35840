/** A visual marker for required fields; the inputs say it to assistive technology themselves. */
export function RequiredMark() {
  return (
    <span aria-hidden className="ml-0.5 text-negative">
      *
    </span>
  );
}

/** A field label with the required mark after it. */
export function requiredLabel(text: string) {
  return (
    <>
      {text}
      <RequiredMark />
    </>
  );
}
