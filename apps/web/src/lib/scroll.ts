/** The nearest ancestor of `element` that scrolls (the shell's <main> for page content), or null. */
export function scrollAreaOf(element: HTMLElement | null): HTMLElement | null {
  let area = element?.parentElement ?? null;
  while (area && !/(auto|scroll)/.test(getComputedStyle(area).overflowY)) area = area.parentElement;
  return area;
}

/**
 * Scrolls the page's own scroll area (the shell's <main>) so the element's top shows. Plain
 * scrollIntoView and focus() also scroll the shell's overflow-hidden frame, which pushes the top
 * bar out of sight; this touches only the nearest scrolling ancestor.
 */
export function revealInScrollArea(element: HTMLElement | null, { offset = 16, smooth = true, center = false } = {}) {
  const area = scrollAreaOf(element);
  if (!element || !area) return;
  const gap = center ? Math.max(offset, (area.clientHeight - element.offsetHeight) / 2) : offset;
  const top = element.getBoundingClientRect().top - area.getBoundingClientRect().top + area.scrollTop - gap;
  area.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' });
}

/** Brings a passage into view inside its own scrolling frame (the frame on the page first, then the passage, centred) and focuses it. */
export function revealAndFocus(frame: HTMLElement | null, element: HTMLElement) {
  revealInScrollArea(frame, { smooth: false });
  revealInScrollArea(element, { center: true, smooth: false });
  element.focus({ preventScroll: true });
}
