/**
 * What the analyst needs of the SDK's Bedrock client, in a file of its own: the analysis's bundle
 * does not carry it (~280 kB that every cold init would parse) but loads it beside itself on the
 * first call that asks a model (lib/lambda-bundling.ts BEDROCK_CHUNK; ./bedrock-analyst.ts).
 */
export { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
