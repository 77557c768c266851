import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The local Secrets Manager's secrets and its operations, in memory and, given a file, on disk. */

export interface StoredSecret {
  Name: string;
  ARN: string;
  SecretString?: string;
  VersionId: string;
  CreatedDate: number;
  LastChangedDate: number;
  KmsKeyId?: string;
  Description?: string;
  Tags?: { Key: string; Value: string }[];
  DeletedDate?: number;
}

export class SmError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const OPERATIONS = [
  'CreateSecret',
  'PutSecretValue',
  'GetSecretValue',
  'DescribeSecret',
  'DeleteSecret',
  'RestoreSecret',
] as const;
export type Operation = (typeof OPERATIONS)[number];

const NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
const MAX_SECRET = 65_536;

const notFound = () => new SmError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
const markedDeleted = () =>
  new SmError(
    'InvalidRequestException',
    "You can't perform this operation on the secret because it was marked for deletion.",
  );

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const nowS = () => Math.floor(Date.now() / 1000);
const versionOf = (token: unknown) => str(token) ?? randomUUID();

function secretString(v: unknown): string {
  const s = str(v);
  if (s === undefined)
    throw new SmError('InvalidParameterException', 'This fake stores SecretString only: SecretString is required.');
  if (Buffer.byteLength(s) > MAX_SECRET)
    throw new SmError('InvalidParameterException', `SecretString is over ${MAX_SECRET} bytes.`);
  return s;
}

type Input = Record<string, unknown>;

export class SecretStore implements Record<Operation, (input: Input) => unknown> {
  readonly secrets = new Map<string, StoredSecret>();

  constructor(
    private readonly file: string | undefined,
    private readonly region: string,
    private readonly log: (line: string) => void,
  ) {
    if (!file) return;
    try {
      for (const s of JSON.parse(readFileSync(file, 'utf8')) as StoredSecret[]) this.secrets.set(s.Name, s);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.secrets.values()], null, 1), { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  /** A SecretId is the name or the ARN. */
  private find(secretId: unknown): StoredSecret {
    const id = str(secretId);
    if (!id) throw new SmError('InvalidParameterException', 'SecretId is required.');
    const s = this.secrets.get(id) ?? [...this.secrets.values()].find((x) => x.ARN === id);
    if (!s) throw notFound();
    return s;
  }

  private live(secretId: unknown): StoredSecret {
    const s = this.find(secretId);
    if (s.DeletedDate !== undefined) throw markedDeleted();
    return s;
  }

  CreateSecret(input: Input) {
    const name = str(input.Name);
    if (!name || !NAME.test(name))
      throw new SmError('InvalidParameterException', 'Name must be 1 to 512 of A-Z a-z 0-9 / _ + = . @ -.');
    const existing = this.secrets.get(name);
    if (existing?.DeletedDate !== undefined)
      throw new SmError(
        'InvalidRequestException',
        `You can't create this secret because a secret with this name is already scheduled for deletion.`,
      );
    if (existing)
      throw new SmError('ResourceExistsException', `The operation failed because the secret ${name} already exists.`);
    const at = nowS();
    const s: StoredSecret = {
      Name: name,
      ARN: `arn:aws:secretsmanager:${this.region}:000000000000:secret:${name}-${randomBytes(3).toString('hex')}`,
      SecretString: secretString(input.SecretString),
      VersionId: versionOf(input.ClientRequestToken),
      CreatedDate: at,
      LastChangedDate: at,
      ...(str(input.KmsKeyId) ? { KmsKeyId: str(input.KmsKeyId) } : {}),
      ...(str(input.Description) ? { Description: str(input.Description) } : {}),
      ...(Array.isArray(input.Tags) ? { Tags: input.Tags as StoredSecret['Tags'] } : {}),
    };
    this.secrets.set(name, s);
    this.save();
    this.log(`secrets-manager: created ${name}`);
    return { ARN: s.ARN, Name: s.Name, VersionId: s.VersionId };
  }

  PutSecretValue(input: Input) {
    const s = this.live(input.SecretId);
    s.SecretString = secretString(input.SecretString);
    s.VersionId = versionOf(input.ClientRequestToken);
    s.LastChangedDate = nowS();
    this.save();
    return { ARN: s.ARN, Name: s.Name, VersionId: s.VersionId, VersionStages: ['AWSCURRENT'] };
  }

  GetSecretValue(input: Input) {
    const s = this.live(input.SecretId);
    if (input.VersionId !== undefined && input.VersionId !== s.VersionId) throw notFound();
    return {
      ARN: s.ARN,
      Name: s.Name,
      VersionId: s.VersionId,
      SecretString: s.SecretString,
      VersionStages: ['AWSCURRENT'],
      CreatedDate: s.LastChangedDate,
    };
  }

  DescribeSecret(input: Input) {
    const s = this.find(input.SecretId);
    return {
      ARN: s.ARN,
      Name: s.Name,
      CreatedDate: s.CreatedDate,
      LastChangedDate: s.LastChangedDate,
      ...(s.KmsKeyId ? { KmsKeyId: s.KmsKeyId } : {}),
      ...(s.Description ? { Description: s.Description } : {}),
      ...(s.Tags ? { Tags: s.Tags } : {}),
      ...(s.DeletedDate ? { DeletedDate: s.DeletedDate } : {}),
      VersionIdsToStages: { [s.VersionId]: ['AWSCURRENT'] },
    };
  }

  DeleteSecret(input: Input) {
    const s = this.find(input.SecretId);
    if (input.ForceDeleteWithoutRecovery === true && input.RecoveryWindowInDays !== undefined) {
      throw new SmError(
        'InvalidParameterException',
        "You can't use ForceDeleteWithoutRecovery in conjunction with RecoveryWindowInDays.",
      );
    }
    const at = nowS();
    if (input.ForceDeleteWithoutRecovery === true) {
      this.secrets.delete(s.Name);
      this.save();
      return { ARN: s.ARN, Name: s.Name, DeletionDate: at };
    }
    if (s.DeletedDate !== undefined) throw markedDeleted();
    const days = typeof input.RecoveryWindowInDays === 'number' ? input.RecoveryWindowInDays : 30;
    if (!Number.isInteger(days) || days < 7 || days > 30)
      throw new SmError('InvalidParameterException', 'RecoveryWindowInDays must be between 7 and 30.');
    s.DeletedDate = at;
    this.save();
    return { ARN: s.ARN, Name: s.Name, DeletionDate: at + days * 86_400 };
  }

  RestoreSecret(input: Input) {
    const s = this.find(input.SecretId);
    delete s.DeletedDate;
    this.save();
    return { ARN: s.ARN, Name: s.Name };
  }
}
