import type { LogoContentType } from '../../shared/company-logo';

/** The logo in use, as the company record names it: its version (the object's key) and its type. */
export interface LogoRef {
  version: string;
  contentType: LogoContentType;
}

/** What the logo rules need of the table; logo-store.dynamodb.ts implements it. */
export interface LogoStore {
  /** The company's logo; undefined when it has none. */
  readLogoRef(companyId: number): Promise<LogoRef | undefined>;
  /**
   * Names `after` (undefined: no logo) as the company's logo if it is still `before`, with its audit
   * entry, in one transaction; a logo changed meanwhile is STALE_VERSION.
   */
  recordLogo(
    companyId: number,
    before: LogoRef | undefined,
    after: LogoRef | undefined,
    who: string,
    at: string,
  ): Promise<void>;
}
