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

/**
 * Scrolls the page's own scroller (<main>) so an element sits in its upper third. Native
 * scrollIntoView would also scroll the shell's fixed-height frame and push the top bar away.
 */
export function revealInMain(element: HTMLElement, behavior: ScrollBehavior = 'auto'): void {
  const main = document.getElementById('main-content');
  if (!main) {
    element.scrollIntoView({ block: 'center', behavior });
    return;
  }
  const offset = element.getBoundingClientRect().top - main.getBoundingClientRect().top;
  main.scrollTo({ top: Math.max(0, main.scrollTop + offset - main.clientHeight / 3), behavior });
  element.focus({ preventScroll: true });
}
