import { Duration } from 'aws-cdk-lib';
import type { LifecycleRule } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from '../config/stages';

/**
 * What a versioned Mixdesk bucket (creatives, console) keeps: an overwritten or deleted object stays
 * as an earlier version for the stage's `operations.noncurrentVersionDays` (a mistaken delete or a bad
 * console deploy can be undone in that window), then goes; a delete marker left with no version
 * behind it is removed; a multipart upload left incomplete is aborted after a day.
 */
export function objectVersionRules(config: StageConfig): LifecycleRule[] {
  return [
    { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    {
      id: 'expire-earlier-versions',
      noncurrentVersionExpiration: Duration.days(config.operations.noncurrentVersionDays),
      expiredObjectDeleteMarker: true,
    },
  ];
}
