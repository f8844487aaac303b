/** The one rule for items that open in a tab: a single click previews, a double click or the keyboard keeps it open. */

/** Click handlers for such an item (a sidebar method, saved request or history entry). */
export function previewClick(
  preview: () => void,
  open: () => void,
): { onClick: (event: { detail: number }) => void; onDoubleClick: () => void } {
  return {
    // detail: 0 for a button pressed from the keyboard, 1 for a first click, 2 for the click a double click ends with.
    onClick: (event) => {
      if (event.detail === 0) open();
      else if (event.detail === 1) preview();
    },
    onDoubleClick: open,
  };
}
