import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { scrollAreaOf } from '../../lib/scroll';

/** How close to the bottom (px) still counts as reading the end, so the page keeps following. */
const FOLLOW_MARGIN = 120;

/**
 * Keeps the end of the conversation (the growing answer and the message box under it) in view
 * while it grows, inside the page's own scroll area (the shell's <main>, so the top bar stays),
 * unless the reader has scrolled up to read: then the page stays where they put it, until the
 * next question.
 */
export function useFollowBottom(markerRef: RefObject<HTMLElement | null>, growth: number, askedAt: string | null) {
  const pinned = useRef(true);

  // A question just sent is followed wherever the reader had scrolled: they are waiting for it.
  useLayoutEffect(() => {
    if (askedAt) pinned.current = true;
  }, [askedAt]);

  useEffect(() => {
    const area = scrollAreaOf(markerRef.current);
    if (!area) return;
    const onScroll = () => {
      pinned.current = area.scrollHeight - area.scrollTop - area.clientHeight < FOLLOW_MARGIN;
    };
    area.addEventListener('scroll', onScroll, { passive: true });
    return () => area.removeEventListener('scroll', onScroll);
  }, [markerRef]);

  // Before the browser paints: content that grew above the sticky message box would otherwise show
  // for one frame with the box held at the bottom edge, then jump back when the scroll catches up,
  // so Send and Stop would bounce under the pointer at every word.
  useLayoutEffect(() => {
    const area = scrollAreaOf(markerRef.current);
    if (!area || !pinned.current) return;
    area.scrollTop = area.scrollHeight;
  }, [growth, markerRef]);
}
