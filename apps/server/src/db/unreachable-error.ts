/** The database named by DATABASE_URL cannot be reached: said in one sentence, no stack. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, reason: string) {
    const shown = new URL(url);
    shown.password = '';
    super(`Cannot reach the database given by DATABASE_URL (${shown.toString()}): ${reason}.`);
    this.name = 'DatabaseUnreachableError';
  }
}
