import type { Template, TemplateLine, TemplateSummary } from './replies';

/** The stored template is the reply (modules/templates/replies.ts): one declaration. */
export type { Template, TemplateLine, TemplateSummary };

/** What the template rules need of storage; store.dynamodb.ts implements it. */
export interface TemplateStore {
  getTemplate(companyId: number, id: number, consistent?: boolean): Promise<Template | undefined>;
  /** The company's templates in one status, without their lines. */
  listTemplates(companyId: number, status: Template['Status']): Promise<TemplateSummary[]>;
  /** A new template with its audit entry. */
  insertTemplate(companyId: number, t: Template): Promise<void>;
  /** A changed template from the version read (else 409), with its audit entry. */
  replaceTemplate(
    companyId: number,
    before: Template,
    after: Template,
    action: 'update' | 'archive' | 'restore',
  ): Promise<void>;
}
