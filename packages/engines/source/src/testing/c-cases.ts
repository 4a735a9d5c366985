/**
 * C vulnerable/safe pairs for the data-flow rules, written from the C library's documented behaviour:
 * recv/fgets fill the buffer they are given, strcpy/strcat copy into theirs, exec* runs a program
 * without a shell, an object-like macro is replaced by its definition.
 */
import type { RuleCase } from './snippets.ts';

export const C_CASES: readonly RuleCase[] = [
  { rule: 'injection.command', lang: 'c', bad: '#include <stdlib.h>\nvoid f(int s) {\n  char cmd[256] = "ls ";\n  char *data = cmd;\n  recv(s, data + 3, 200, 0);\n  system(data);\n}\n', good: '#include <stdlib.h>\nvoid f(int s) {\n  char buf[256];\n  recv(s, buf, 200, 0);\n  system("ls /tmp");\n}\n' },
  { rule: 'injection.command', lang: 'c', bad: '#define SHELL_PATH "/bin/sh"\n#define GETENV getenv\nvoid f(void) {\n  char data[100] = "";\n  char *e = GETENV("ADD");\n  strncat(data, e, 50);\n  execl(SHELL_PATH, "sh", "-c", data, NULL);\n}\n', good: '#define LS_PATH "/bin/ls"\n#define GETENV getenv\nvoid f(void) {\n  char data[100] = "";\n  char *e = GETENV("ADD");\n  strncat(data, e, 50);\n  execl(LS_PATH, "ls", data, NULL);\n}\n' },
  { rule: 'native.format_string', lang: 'c', bad: 'void f(void) {\n  char data[100];\n  if (fgets(data, 100, stdin) != NULL) printf(data);\n}\n', good: 'void f(void) {\n  char data[100];\n  strcpy(data, "fixed string");\n  printf(data);\n}\n' },
  { rule: 'native.format_string', lang: 'c', bad: '#include <stdarg.h>\nvoid logf(char *fmt, ...) {\n  va_list ap;\n  va_start(ap, fmt);\n  vfprintf(stderr, fmt, ap);\n}\n', good: '#include <stdarg.h>\nvoid logf(int n, ...) {\n  va_list ap;\n  va_start(ap, n);\n  vfprintf(stderr, "%d %d\\n", ap);\n}\n' },
  { rule: 'native.format_string', lang: 'c', bad: 'static void sink(char *data) { printf(data); }\nvoid f(void) { char buf[100]; if (fgets(buf, 100, stdin)) sink(buf); }\n', good: 'static void sink(char *data) { printf(data); }\nvoid f(void) { char buf[100]; strcpy(buf, "fixed"); sink(buf); }\n' },
  { rule: 'injection.ldap', lang: 'c', bad: 'void f(LDAP *ld, int s) {\n  char filter[256] = "(cn=";\n  recv(s, filter + 4, 200, 0);\n  ldap_search_ext_s(ld, "dc=example,dc=com", LDAP_SCOPE_SUBTREE, filter, NULL, 0, NULL, NULL, NULL, 0, &res);\n}\n', good: 'void f(LDAP *ld, int s) {\n  char buf[256];\n  recv(s, buf, 200, 0);\n  ldap_search_ext_s(ld, "dc=example,dc=com", LDAP_SCOPE_SUBTREE, "(cn=admin)", NULL, 0, NULL, NULL, NULL, 0, &res);\n}\n' },
  { rule: 'crypto.weak_hash', lang: 'c', bad: 'void f(HCRYPTPROV p, HCRYPTHASH *h) { CryptCreateHash(p, CALG_MD5, 0, 0, h); }\n', good: 'void f(HCRYPTPROV p, HCRYPTHASH *h) { CryptCreateHash(p, CALG_SHA_256, 0, 0, h); }\n' },
];
