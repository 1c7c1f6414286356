/**
 * sessionStorage mark set by the password reset just before its full page load to /login, which reads
 * it once to say 'Password Reset Successful' (SPEC §8): a toast does not survive a page load.
 */
export const RESET_DONE_KEY = "store.passwordReset";
