/**
 * The strongly connected components of a graph (Tarjan), each a set of nodes that reach one another; a node on no
 * cycle is a component of its own. `next` lists a node's successors.
 */
export function stronglyConnected<T>(nodes: T[], next: (node: T) => T[]): T[][] {
  const index = new Map<T, number>();
  const lowLink = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const components: T[][] = [];
  const visit = (node: T): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const successor of next(node)) {
      if (!index.has(successor)) {
        visit(successor);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(successor)!));
      } else if (onStack.has(successor)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(successor)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: T[] = [];
    let member: T;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}
