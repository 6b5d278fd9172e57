/**
 * Segment check-in modal (confirm, or choose players): renders nothing until segment check-in is
 * built. The overlay host mounts it already, so that work adds no wiring to the host.
 */
export function SegmentCheckinModal() {
  return null;
}
