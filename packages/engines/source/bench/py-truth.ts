/**
 * Python truth set: vulpy (github.com/fportantier/vulpy @ 5249cc8b, a Flask/SQLite teaching app
 * with a `bad/` and a `good/` face of the same code). Labels were read from the two faces side by
 * side: a place is positive when attacker data reaches the weakness there (or, for secrets and
 * cookies, when the code itself is the weakness), negative when the good face fixed it (bound SQL
 * parameters, jwt instead of random keys, no file named after the user) or the call is harmless
 * (a cookie deleted with expires=0, SQL built only from constants at set-up). 15 cases; `from`/`to`
 * is the line range of the place in that file. The `good/` face is not fixed everywhere (its session
 * cookie still lacks `secure`, its keys are still literals): those places are positives too.
 */
export interface TruthCase {
  file: string;
  from: number;
  to: number;
  category: 'sqli' | 'weakrand' | 'pathtraver' | 'securecookie' | 'secret';
  real: boolean;
  note: string;
}

export const VULPY_TRUTH: readonly TruthCase[] = [
  { file: 'bad/libuser.py', from: 12, to: 12, category: 'sqli', real: true, note: 'login: username/password formatted into SELECT (reached from mod_user.do_login)' },
  { file: 'bad/libuser.py', from: 25, to: 25, category: 'sqli', real: true, note: 'create: INSERT built with % (reached from mod_user.do_create)' },
  { file: 'bad/libuser.py', from: 53, to: 53, category: 'sqli', real: true, note: 'password change: UPDATE built with format (reached from mod_user.do_chpasswd)' },
  { file: 'good/libuser.py', from: 22, to: 22, category: 'sqli', real: false, note: 'login: bound parameter' },
  { file: 'good/libuser.py', from: 92, to: 92, category: 'sqli', real: false, note: 'password_set: bound parameters' },
  { file: 'good/libuser.py', from: 61, to: 61, category: 'sqli', real: false, note: 'user_create: % formatting, but only called by db_init.py with constant users' },
  { file: 'bad/libapi.py', from: 14, to: 14, category: 'weakrand', real: true, note: 'API key from random.getrandbits' },
  { file: 'good/libapi.py', from: 13, to: 27, category: 'weakrand', real: false, note: 'keygen: signed JWT instead' },
  { file: 'bad/libapi.py', from: 16, to: 22, category: 'pathtraver', real: true, note: 'key file named after the API username (no pattern in the bad schema)' },
  { file: 'good/libapi.py', from: 13, to: 27, category: 'pathtraver', real: false, note: 'keygen: no file' },
  { file: 'bad/libsession.py', from: 7, to: 7, category: 'securecookie', real: true, note: 'session cookie without secure' },
  { file: 'good/libsession.py', from: 32, to: 34, category: 'securecookie', real: true, note: 'session cookie still without secure' },
  { file: 'good/libsession.py', from: 60, to: 60, category: 'securecookie', real: false, note: 'destroy: cookie deleted (expires=0)' },
  { file: 'bad/vulpy.py', from: 16, to: 16, category: 'secret', real: true, note: "app.config['SECRET_KEY'] literal" },
  { file: 'good/libsession.py', from: 9, to: 10, category: 'secret', real: true, note: 'Fernet key literal' },
];

/** Citadel rules and Bandit test ids per category (Bandit has no path-traversal or cookie test). */
export const CATEGORY_RULES: Record<TruthCase['category'], { citadel: string[]; bandit: string[] }> = {
  sqli: { citadel: ['source.injection.sql'], bandit: ['B608'] },
  weakrand: { citadel: ['source.crypto.insecure_random'], bandit: ['B311'] },
  pathtraver: { citadel: ['source.injection.path_traversal'], bandit: [] },
  securecookie: { citadel: ['source.web.insecure_cookie'], bandit: [] },
  secret: { citadel: ['source.secrets.hardcoded_password', 'source.secrets.hardcoded_secret', 'source.crypto.static_key'], bandit: ['B105', 'B106', 'B107'] },
};
