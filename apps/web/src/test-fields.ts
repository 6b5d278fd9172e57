import { fireEvent } from '@testing-library/react';

/**
 * What a browser sends when a person changes a field: `input`, then `change` (a text field's change
 * comes when it is committed; a select, checkbox or file input sends both at once). The web renders
 * with Preact's compat layer, where a text field's `onChange` listens to `input` (as React's does)
 * and a select's to `change`; firing only `change` would reach a select but no text field.
 */
export function changeField(element: Element, init: { target: Record<string, unknown> }): void {
  fireEvent.input(element, init);
  fireEvent.change(element, init);
}
