// How the admin commands (bootstrap-admin, reset-admin-password) read a password: from stdin,
// never from their arguments (those show in `ps` and in shell history).
import { AdminCommandError, readFirstLine } from './bootstrap-admin.js';

/** Asks for a password on stderr and reads it from the terminal without showing it. */
function promptPassword(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (outcome: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return done(() => resolve(typed));
        // Ctrl-C and Ctrl-D give up; backspace forgets the last character.
        if (character === '\u0003' || character === '\u0004')
          return done(() => reject(new AdminCommandError('no password given')));
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** The password: typed at a terminal without echo, or the first line of what is piped in. */
export function passwordFromStdin(question: string): Promise<string> {
  return process.stdin.isTTY ? promptPassword(question) : readFirstLine(process.stdin);
}
