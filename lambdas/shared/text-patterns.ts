/**
 * SPEC.md §5 rules for contact fields, shared by the API's schemas (lambdas/schemas/fields.ts) and
 * the console's forms. Kept apart from the schemas so a console screen that checks an e-mail
 * address does not bundle zod and the schema builders.
 */
export const EMAIL_PATTERN = /^[\w.-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/;
export const PHONE_PATTERN = /^[0-9+]+$/;
export const URL_PATTERN = /^https?:\/\/\S+$/;
