// What one owner's memory may hold (issue 12), and how much one answer returns.
export const MEMORY_LIMITS = {
  entities: 20_000,
  observations: 200_000,
  relations: 100_000,
  provisionLinks: 20_000,
  /** Characters of one observation. */
  observationLength: 4_000,
  /**
   * Characters of an entity name, entity type or relation type (they are keys of btree indexes:
   * 500 characters are at most 2,000 bytes of UTF-8, under the ~2,700-byte key limit).
   */
  nameLength: 500,
  /** Items one tool call may carry. */
  itemsPerCall: 1_000,
  /** Entities one graph answer returns at most (read_graph of a large memory is cut here, by name). */
  graphEntities: 2_000,
  /** Relations one graph answer returns at most. */
  graphRelations: 10_000,
  /** Entities one search_nodes answer returns at most (name and type matches first). */
  searchEntities: 200,
  /**
   * Matching observations one search reads at most to find those entities (a broad query matched
   * ~10,000 of 100,000 and read them all to keep 200 entities; BENCHMARKS.md, issue 12).
   */
  searchObservationHits: 2_000,
} as const;
