/** Shell of the segment check-in modal (confirm, or choose players); filled by the check-ins issue. */
export function SegmentCheckinModal() {
  return null;
}
