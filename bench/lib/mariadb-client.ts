/** The `mariadb` command-line client's arguments for a bench sandbox: root on 127.0.0.1, no option files. */
export function mariadbClientArgs(port: number, ...more: string[]): string[] {
  return ['--no-defaults', '-h', '127.0.0.1', '-P', String(port), '-u', 'root', ...more];
}
