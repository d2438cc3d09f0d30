/** `npm run server`: the reference server as a process, configured from the environment (server/main.ts). */
import { runServerProcess } from './main';

void runServerProcess(process.env);
