/**
 * The parts of an API Gateway HTTP API (payload 2.0) event with a JWT authorizer that Mixdesk
 * reads. Declared here instead of pulling @types/aws-lambda for five fields.
 */
export interface HttpApiEvent {
  version?: string;
  routeKey?: string;
  rawPath?: string;
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  requestContext: {
    requestId?: string;
    http?: { method?: string; path?: string; sourceIp?: string };
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]> } };
  };
}

export interface LambdaContext {
  awsRequestId?: string;
  /** Lambda's time left for this invocation (absent outside Lambda). */
  getRemainingTimeInMillis?: () => number;
}
