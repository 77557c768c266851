/** The stamp of a saved configuration: what the store writes beside the settings, and the locale sign-in hands out. */
export interface ConfigurationStamp {
  version: number;
  updatedAt: string;
  updatedBy: string;
  DefaultLocale: string;
}

/**
 * What the configuration needs of storage. store.dynamodb.ts implements it; the
 * rules call the store's functions, never DynamoDB.
 */
export interface ConfigurationStore {
  /** The company's saved configuration, without its keys; undefined when never saved. */
  getConfigurationItem(companyId: number, consistent?: boolean): Promise<Record<string, unknown> | undefined>;
  /**
   * Saves the configuration if nobody saved it since `beforeVersion` (0 = never saved), with its
   * audit entry and, when the default locale changed, the company's DefaultLocale — all or nothing.
   */
  putConfiguration(
    companyId: number,
    beforeVersion: number,
    before: object | null,
    after: ConfigurationStamp,
    localeChanged: boolean,
  ): Promise<void>;
}
