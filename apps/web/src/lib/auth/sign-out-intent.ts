/**
 * Tells the default layout why the session vanished: after "Sign out" the user goes to a plain
 * /login, after an expired session to /login?returnTo=<where they were>.
 */
let signedOutByUser = false;

export function markSignedOutByUser(value: boolean): void {
  signedOutByUser = value;
}

export function wasSignedOutByUser(): boolean {
  return signedOutByUser;
}
