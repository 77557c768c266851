import { Duration } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { acknowledgeBackupRole } from '../nag';

/** The stage's backup vault name (the restore runbook names it: docs/operations.md "Backups and restore"). */
export const backupVaultName = (config: StageConfig) => `mixdesk-${config.name}-backups`;

/**
 * AWS Backup of the table, beside its point-in-time recovery (35 days, to the second): a daily
 * recovery point at 03:00 UTC kept `operations.backup.retentionDays`, in the stage's own vault
 * (encrypted with the AWS Backup managed key: no key of our own to pay for or lose), copied to a
 * second region's vault where the stage names one. Selected by the table's ARN only.
 */
export class TableBackup extends Construct {
  public readonly vault: BackupVault;
  public readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: { table: ITable; config: StageConfig }) {
    super(scope, id);
    const { table, config } = props;
    const { retentionDays, copyToVaultArn } = config.operations.backup;
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: backupVaultName(config),
      // Recovery points are data: kept with the vault where the stage keeps its table.
      removalPolicy: config.stateful.removalPolicy,
    });
    this.plan = new BackupPlan(this, 'Plan', { backupPlanName: `mixdesk-${config.name}-table` });
    const deleteAfter = Duration.days(retentionDays);
    this.plan.addRule(
      new BackupPlanRule({
        ruleName: 'daily',
        backupVault: this.vault,
        scheduleExpression: Schedule.cron({ minute: '0', hour: '3' }),
        deleteAfter,
        copyActions: copyToVaultArn
          ? [{ destinationBackupVault: BackupVault.fromBackupVaultArn(this, 'CopyVault', copyToVaultArn), deleteAfter }]
          : undefined,
      }),
    );
    const selection = this.plan.addSelection('Table', {
      resources: [BackupResource.fromArn(table.tableArn)],
    });
    acknowledgeBackupRole(selection.node.findChild('Role'));
  }
}
