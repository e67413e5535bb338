import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './connection-errors.js';

/** An error as node-postgres builds one from the server's ErrorResponse. */
function serverError(code: string, message = 'from the server'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
}

function socketError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`read ${code}`), { code, errno: -1, syscall: 'read' });
}

describe('isConnectionLost', () => {
  it.each([
    ['pg_terminate_backend', serverError('57P01', 'terminating connection due to administrator command')],
    ['a crashed server', serverError('57P02')],
    ['a server starting up', serverError('57P03', 'the database system is starting up')],
    ['an idle session ended', serverError('57P05')],
    ['an idle transaction ended', serverError('25P03')],
    ['too many connections', serverError('53300', 'sorry, too many clients already')],
    ['connection_exception', serverError('08000')],
    ['connection_failure', serverError('08006')],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a write to a closed socket', socketError('EPIPE')],
    ['an unreachable host', socketError('EHOSTUNREACH')],
    ['the socket closing under a client', new Error('Connection terminated unexpectedly')],
    ['the connect timeout of a client', new Error('Connection terminated due to connection timeout')],
    [
      'a client used after it failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a client used after it was closed', new Error('Client was closed and is not queryable')],
    ['no connection within the pool wait', new Error('timeout exceeded when trying to connect')],
    ['a closed pool', new Error('Cannot use a pool after calling end on the pool')],
  ])('is true for %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', serverError('42601')],
    ['a serialization failure', serverError('40001')],
    ['a deadlock', serverError('40P01')],
    ['a statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['a file that is not there', socketError('ENOENT')],
    ['an ordinary error', new Error('Cannot read properties of undefined')],
    ['a message that only mentions the words', new Error('Task name: Connection terminated unexpectedly')],
    ['a string', 'Connection terminated unexpectedly'],
    ['undefined', undefined],
    ['null', null],
  ])('is false for %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });

  it('looks through the query errors Drizzle wraps driver errors in', () => {
    const lost = new DrizzleQueryError('select 1', [], serverError('57P01'));
    const rollback = new DrizzleQueryError(
      'rollback',
      [],
      new Error('Client has encountered a connection error and is not queryable'),
    );
    expect(isConnectionLost(lost)).toBe(true);
    expect(isConnectionLost(rollback)).toBe(true);
    expect(isConnectionLost(new DrizzleQueryError('insert', [], serverError('23505')))).toBe(false);
  });

  it('looks through causes several levels deep and the errors of an AggregateError', () => {
    const deep = new Error('outer', { cause: new Error('middle', { cause: socketError('ECONNRESET') }) });
    expect(isConnectionLost(deep)).toBe(true);
    const attempts = new AggregateError(
      [socketError('ECONNREFUSED'), socketError('ECONNREFUSED')],
      'connect',
    );
    expect(isConnectionLost(attempts)).toBe(true);
  });

  it('stops on a cause that points back at itself', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isConnectionLost(a)).toBe(false);
  });
});
