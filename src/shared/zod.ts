// zod as bplab uses it: set once to word its own messages for people (issue-words.ts). Import z from here.
import { z } from 'zod';
import { issueWords } from './issue-words';

z.config({ customError: issueWords });

export { z };
