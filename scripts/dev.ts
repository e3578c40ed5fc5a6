// npm run dev: the API server (tsx watch, port PORT, default 3000) and Vite's dev server (5173),
// which proxies /api and the old API paths to that port (vite.config.ts). Ctrl+C stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`${cmd} ${args.join(' ')} exited with ${code}; stopping.\n`);
      stop(code ?? 1);
    }
  });
}

let stopping = false;
function stop(code = 0): void {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: process.env.PORT ?? '3000',
  HOST: process.env.HOST ?? '127.0.0.1',
});
run('npx', ['vite', '--host', '127.0.0.1'], { PORT: process.env.PORT ?? '3000' });
