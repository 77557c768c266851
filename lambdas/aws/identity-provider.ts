import { UnauthorizedError } from '../core/errors';

/**
 * What the user pool knows of a signed-in user that the token does not say: whether they have an
 * authenticator app (TOTP) turned on. Asked with the user's own access token (Cognito GetUser),
 * so the function needs no IAM grant, and spoken as plain JSON over HTTPS to keep the Cognito SDK
 * out of the bundle. COGNITO_ENDPOINT points it at cognito-local; in the cloud it is the regional
 * endpoint.
 */
export interface UserMfa {
  totpEnabled: boolean;
}

export async function getUserMfa(accessToken: string): Promise<UserMfa> {
  const endpoint = process.env.COGNITO_ENDPOINT ?? `https://cognito-idp.${process.env.AWS_REGION}.amazonaws.com/`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
    signal: AbortSignal.timeout(5000),
  });
  if (res.status === 400 || res.status === 401)
    throw new UnauthorizedError('The user pool did not accept the token', 'TOKEN_REJECTED');
  if (!res.ok) throw new Error(`Cognito GetUser answered ${res.status}`);
  const user = (await res.json()) as { UserMFASettingList?: string[] };
  return { totpEnabled: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') };
}
