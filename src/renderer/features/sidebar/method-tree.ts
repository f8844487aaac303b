/** The sidebar's tree as data: sources → services → methods, filtered, with only expanded nodes' children built. */
import type { SourceState } from '../../../shared/api/types';
import type { MethodInfo, ServiceInfo } from '../../../shared/schema';

/** Above this many methods in a source, its services start collapsed (googleapis has thousands). */
export const collapseAbove = 200;

interface NodeBase {
  key: string;
  level: 1 | 2 | 3;
  parentKey?: string;
}

/** A schema source: loaded (with services) or failed (with problems, no children). */
export interface SourceNode extends NodeBase {
  type: 'source';
  source: SourceState;
  expandable: boolean;
  expanded: boolean;
  children: ServiceNode[];
}

/** A service; `children` holds the methods shown (all, or those matching the filter) when expanded. */
export interface ServiceNode extends NodeBase {
  type: 'service';
  sourceId: string;
  service: ServiceInfo;
  expandable: true;
  expanded: boolean;
  /** How many methods it shows when expanded. */
  shownCount: number;
  /** Its package, shown when another service of the source has the same name (reflection v1 and v1alpha). */
  qualifier?: string;
  children: MethodNode[];
}

/** A method, a leaf. */
export interface MethodNode extends NodeBase {
  type: 'method';
  sourceId: string;
  method: MethodInfo;
}

/** Any node of the tree. */
export type TreeNode = SourceNode | ServiceNode | MethodNode;

/** Node keys: unique across sources. */
export const sourceKey = (sourceId: string): string => `source:${sourceId}`;
/** The key of a service node. */
export const serviceKey = (sourceId: string, fullName: string): string => `service:${sourceId}:${fullName}`;
/** The key of a method node. */
export const methodKey = (sourceId: string, fullName: string): string => `method:${sourceId}:${fullName}`;

/** Whether a node is expanded, given what it would be by default (the user's toggles override the default). */
export type ExpandedLookup = (key: string, byDefault: boolean) => boolean;

/** Builds the visible tree; with a filter, keeps matching methods (or services) and their parents, expanded by default. */
export function buildTree(sources: SourceState[], filter: string, isExpanded: ExpandedLookup): SourceNode[] {
  const query = filter.trim().toLowerCase();
  const nodes: SourceNode[] = [];
  for (const source of sources) {
    const services = source.services
      .map((service) => ({ service, methods: query ? matchingMethods(service, query) : service.methods }))
      .filter((entry) => entry.methods.length > 0 || (!query && entry.service.methods.length === 0));
    if (query && services.length === 0) continue;
    const key = sourceKey(source.id);
    const expandable = services.length > 0;
    const expanded = expandable && isExpanded(key, true);
    const large = source.services.reduce((sum, service) => sum + service.methods.length, 0) > collapseAbove;
    nodes.push({
      type: 'source',
      key,
      level: 1,
      source,
      expandable,
      expanded,
      children: expanded
        ? services.map((entry) =>
            withQualifier(
              serviceNode(source.id, key, entry, isExpanded, query !== '' || !large),
              source.services,
            ),
          )
        : [],
    });
  }
  return nodes;
}

function serviceNode(
  sourceId: string,
  parentKey: string,
  entry: { service: ServiceInfo; methods: MethodInfo[] },
  isExpanded: ExpandedLookup,
  byDefault: boolean,
): ServiceNode {
  const key = serviceKey(sourceId, entry.service.fullName);
  const expanded = isExpanded(key, byDefault);
  return {
    type: 'service',
    key,
    level: 2,
    parentKey,
    sourceId,
    service: entry.service,
    expandable: true,
    expanded,
    shownCount: entry.methods.length,
    children: expanded
      ? entry.methods.map((method) => ({
          type: 'method',
          key: methodKey(sourceId, method.fullName),
          level: 3,
          parentKey: key,
          sourceId,
          method,
        }))
      : [],
  };
}

/** Adds the package to a service whose short name another service of the same source also has. */
function withQualifier(node: ServiceNode, all: ServiceInfo[]): ServiceNode {
  const { name, fullName } = node.service;
  if (!all.some((other) => other.name === name && other.fullName !== fullName)) return node;
  return { ...node, qualifier: fullName.slice(0, fullName.length - name.length - 1) };
}

/** All methods when the service's name matches, else the methods whose own name does (case-insensitive). */
function matchingMethods(service: ServiceInfo, query: string): MethodInfo[] {
  if (service.fullName.toLowerCase().includes(query)) return service.methods;
  return service.methods.filter((method) => method.name.toLowerCase().includes(query));
}

/** The nodes in display order, as keyboard navigation walks them. */
export function visibleNodes(tree: SourceNode[]): TreeNode[] {
  const rows: TreeNode[] = [];
  const walk = (node: TreeNode): void => {
    rows.push(node);
    if (node.type !== 'method') node.children.forEach(walk);
  };
  tree.forEach(walk);
  return rows;
}
