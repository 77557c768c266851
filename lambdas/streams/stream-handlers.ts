/**
 * The Lambda handlers that serve no route: the table's change-stream consumers. Named like routes
 * (service + method → `lambdas/streams/<kebab-method>.ts` by manifest.handlerFile), so the CDK
 * function construct, the benchmarks' bundle table and the tests find their files the same way.
 */
export const LINE_AUDIT_HANDLER = {
  service: 'Streams',
  method: 'AuditLineChanges',
  summary: "Audit entries of plan lines changed in one write, from the table's change stream",
} as const;

export const STREAM_HANDLERS = [LINE_AUDIT_HANDLER] as const;
