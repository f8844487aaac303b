/** DOM methods Monaco 0.57 calls that Chromium 83 (Electron 9) lacks; a current browser is left untouched. */

/** ParentNode.replaceChildren (Chromium 86): removes every child, then appends the given nodes and texts. */
function replaceChildren(this: ParentNode & Node, ...nodes: (Node | string)[]): void {
  while (this.lastChild) this.removeChild(this.lastChild);
  this.append(...nodes);
}

/** Adds what is missing to elements, documents and fragments. */
export function installMissingDomMethods(): void {
  for (const type of [Element, Document, DocumentFragment]) {
    if (!('replaceChildren' in type.prototype)) {
      Object.defineProperty(type.prototype, 'replaceChildren', {
        value: replaceChildren,
        writable: true,
        configurable: true,
      });
    }
  }
}
