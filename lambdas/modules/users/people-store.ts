/** What the people's names need of storage; people-store.dynamodb.ts implements it. */
export interface PeopleStore {
  /** The names of a company's users by e-mail (lower case). */
  userNamesOf(companyId: number): Promise<Map<string, string>>;
}
