// What one owner's memory may hold (issue 12), and how much one answer returns.
export const MEMORY_LIMITS = {
  entities: 20_000,
  observations: 200_000,
  /** Characters of one observation. */
  observationLength: 4_000,
  /** Characters of an entity name, entity type or relation type (they are keys). */
  nameLength: 500,
  /** Items one tool call may carry. */
  itemsPerCall: 1_000,
  /** Entities one graph answer returns at most (read_graph of a large memory is cut here, by name). */
  graphEntities: 2_000,
  /** Entities one search_nodes answer returns at most (name and type matches first). */
  searchEntities: 200,
} as const;
