import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StageConfig } from '../config/stages';
import type { ServiceStack } from '../service-stack';

/**
 * AI analytics (docs/ai-analytics.md): the one route that asks a model. Where the stage
 * names a model (`ai.bedrockModelId`), its function gets BEDROCK_MODEL_ID and `bedrock:InvokeModel`
 * (what Converse is authorised by) on that foundation model only; no other function gets either.
 * Without a model (dev) it gets neither and answers with the deterministic analysis.
 *
 * An inference-profile id (`eu.…`, `us.…`) would also need the profile's ARN and the model in each
 * region of the profile; not supported here (the stage config names an on-demand foundation model).
 */
export const BEDROCK_ROUTE = { service: 'AnalyticsService', method: 'RunActivityAnalysis' } as const;

/** The model's answer can take seconds; two attempts (a refused answer is asked once more) fit the HTTP API's 29 s. */
export const ANALYSIS_TIMEOUT_SECONDS = 29;

/** The ARN the grant names: the stage region's foundation model. */
export const bedrockModelArn = (config: StageConfig, modelId: string) =>
  `arn:aws:bedrock:${config.env.region}::foundation-model/${modelId}`;

export function grantBedrockModel(stack: ServiceStack, config: StageConfig): void {
  const fn = stack.functions.get(BEDROCK_ROUTE.method);
  if (!fn) throw new Error(`${BEDROCK_ROUTE.service} has no ${BEDROCK_ROUTE.method} function`);
  (fn.node.defaultChild as CfnFunction).timeout = ANALYSIS_TIMEOUT_SECONDS;
  const modelId = config.ai.bedrockModelId;
  if (!modelId) return;
  if (/^[a-z]{2}\./.test(modelId))
    throw new Error(
      `ai.bedrockModelId ${modelId} is an inference profile; name an on-demand foundation model (see lib/constructs/bedrock-grant.ts)`,
    );
  fn.addEnvironment('BEDROCK_MODEL_ID', modelId);
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [bedrockModelArn(config, modelId)] }),
  );
}
