import { describe, expect, it } from 'vitest';
import { inlineParams, isOneStatement, sqlLiteral } from './inline-params.js';

describe('sqlLiteral', () => {
  it.each([
    ['a string', 'Clinic', "'Clinic'"],
    ['a quote doubled', "O'Brien", "'O''Brien'"],
    ['a backslash in an escape string', 'a\\b', "E'a\\\\b'"],
    ['a number', 42, "'42'"],
    ['a boolean', true, "'true'"],
    ['null', null, 'NULL'],
    ['undefined as null', undefined, 'NULL'],
    ['an array', [1, 2], '\'{"1","2"}\''],
    ['an object as JSON', { a: "it's" }, '\'{"a":"it\'\'s"}\''],
    ['bytes as hex', Buffer.from([0, 255]), "'\\x00ff'"],
  ])('writes %s', (_label, value, literal) => {
    expect(sqlLiteral(value)).toBe(literal);
  });
});

describe('inlineParams', () => {
  it.each([
    [
      'each placeholder by its number',
      'select $2, $1, $10',
      ['a', 'b', 3, 4, 5, 6, 7, 8, 9, 'j'],
      "select 'b', 'a', 'j'",
    ],
    ['nothing inside quoted text', 'select \'$1\', "$1", $1', ['x'], "select '$1', \"$1\", 'x'"],
    ['nothing inside a doubled quote', "select 'it''s $1', $1", ['x'], "select 'it''s $1', 'x'"],
    ['nothing inside an escape string', "select E'\\'$1', $1", ['x'], "select E'\\'$1', 'x'"],
    [
      'nothing inside dollar quotes',
      'select $tag$ $1 $tag$, $$ $1 $$, $1',
      ['x'],
      "select $tag$ $1 $tag$, $$ $1 $$, 'x'",
    ],
    ['nothing inside comments', 'select $1 -- $1\n, /* $1 */ $1', ['x'], "select 'x' -- $1\n, /* $1 */ 'x'"],
    ['nothing in an identifier with a dollar', 'select a$1, $1', ['x'], "select a$1, 'x'"],
    ['a text without values as it is', "select '$1'", [], "select '$1'"],
  ])('replaces %s', (_label, text, values, expected) => {
    expect(inlineParams(text, values)).toBe(expected);
  });

  it('refuses a placeholder without a value, and unterminated quoting', () => {
    expect(() => inlineParams('select $2', ['x'])).toThrow('no value for the placeholder $2');
    expect(() => inlineParams("select 'open, $1", ['x'])).toThrow('unterminated');
  });
});

describe('isOneStatement', () => {
  it.each([
    ['a statement', 'select 1', true],
    ['a statement ended by a semicolon and blanks', 'select 1;  \n', true],
    ['a semicolon inside quoted text', 'select \';\', "a;b", $$;$$ from t', true],
    ['a semicolon inside comments', 'select 1 -- a; b\n /* c; d */', true],
    ['a comment after the end', 'select 1; -- done', true],
    ['two statements', 'select 1; delete from t', false],
    ['a second statement after a comment', 'select 1; /* then */ select 2', false],
    ['a second statement starting with quoted text', "select 1;'x'", false],
  ])('tells %s', (_label, text, one) => {
    expect(isOneStatement(text)).toBe(one);
  });
});
