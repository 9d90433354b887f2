/**
 * Papaparse's own test cases about quotes and line ends, for records.papaparse.test.ts.
 *
 * Copied from github.com/mholt/PapaParse, tests/test-cases.js at commit
 * a51bdc77cbd12cbfd7bc42d1379d0518338beb4d (package version 5.5.3): every CORE_PARSER_TESTS and
 * PARSE_TESTS entry whose config sets nothing but a "," delimiter or a line end, whose input has no
 * BOM and whose delimiter papaparse guesses as ","; and the input of the CUSTOM_TESTS entry
 * "Quoted line breaks near chunk boundaries are handled". Left out: comments, header, preview,
 * dynamic typing, transforms, skipEmptyLines, fastMode, other quote, escape or delimiter characters,
 * skipFirstNLines, the BOM case, and the three whose input papaparse splits on "|" or ";".
 *
 * Papa Parse is MIT licensed: Copyright (c) 2015 Matthew Holt. Permission is hereby granted, free of
 * charge, to any person obtaining a copy of this software and associated documentation files (the
 * "Software"), to deal in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software,
 * and to permit persons to whom the Software is furnished to do so, subject to the following
 * conditions: The above copyright notice and this permission notice shall be included in all copies
 * or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
 * KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
 * FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
 * LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
 * OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
 * THE SOFTWARE.
 */
import type { LineBreak } from "../records";

export interface PapaparseCase {
  /** The list in tests/test-cases.js the case comes from. */
  from: "CORE_PARSER_TESTS" | "PARSE_TESTS" | "CUSTOM_TESTS";
  description: string;
  input: string;
  /** The line end the case's config sets; papaparse guesses it when there is none. */
  newline?: LineBreak;
  /** The case's expected data. */
  data: string[][];
}

export const PAPAPARSE_CASES: readonly PapaparseCase[] = [
  { from: "CORE_PARSER_TESTS", description: "One row", input: "A,b,c", data: [["A", "b", "c"]] },
  {
    from: "CORE_PARSER_TESTS",
    description: "Two rows",
    input: "A,b,c\nd,E,f",
    data: [
      ["A", "b", "c"],
      ["d", "E", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Three rows",
    input: "A,b,c\nd,E,f\nG,h,i",
    data: [
      ["A", "b", "c"],
      ["d", "E", "f"],
      ["G", "h", "i"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Whitespace at edges of unquoted field",
    input: "a,\tb ,c",
    data: [["a", "\tb ", "c"]],
  },
  { from: "CORE_PARSER_TESTS", description: "Quoted field", input: 'A,"B",C', data: [["A", "B", "C"]] },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with extra whitespace on edges",
    input: 'A," B  ",C',
    data: [["A", " B  ", "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with delimiter",
    input: 'A,"B,B",C',
    data: [["A", "B,B", "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with line break",
    input: 'A,"B\nB",C',
    data: [["A", "B\nB", "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted fields with line breaks",
    input: 'A,"B\nB","C\nC\nC"',
    data: [["A", "B\nB", "C\nC\nC"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted fields at end of row with delimiter and line break",
    input: 'a,b,"c,c\nc"\nd,e,f',
    data: [
      ["a", "b", "c,c\nc"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with escaped quotes",
    input: 'A,"B""B""B",C',
    data: [["A", 'B"B"B', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with escaped quotes at boundaries",
    input: 'A,"""B""",C',
    data: [["A", '"B"', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Unquoted field with quotes at end of field",
    input: 'A,B",C',
    data: [["A", 'B"', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with quotes around delimiter",
    input: 'A,""",""",C',
    data: [["A", '","', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with quotes on right side of delimiter",
    input: 'A,",""",C',
    data: [["A", ',"', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with quotes on left side of delimiter",
    input: 'A,""",",C',
    data: [["A", '",', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with 5 quotes in a row and a delimiter in there, too",
    input: '"1","cnonce="""",nc=""""","2"',
    data: [["1", 'cnonce="",nc=""', "2"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field with whitespace around quotes",
    input: 'A, "B" ,C',
    data: [["A", ' "B" ', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Misplaced quotes in data, not as opening quotes",
    input: 'A,B "B",C',
    data: [["A", 'B "B"', "C"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has no closing quote",
    input: 'a,"b,c\nd,e,f',
    data: [["a", "b,c\nd,e,f"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has invalid trailing quote after delimiter with a valid closer",
    input: '"a,"b,c"\nd,e,f',
    data: [['a,"b,c'], ["d", "e", "f"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has invalid trailing quote after delimiter",
    input: 'a,"b,"c\nd,e,f',
    data: [["a", 'b,"c\nd,e,f']],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has invalid trailing quote before delimiter",
    input: 'a,"b"c,d\ne,f,g',
    data: [["a", 'b"c,d\ne,f,g']],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has invalid trailing quote after new line",
    input: 'a,"b,c\nd"e,f,g',
    data: [["a", 'b,c\nd"e,f,g']],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has valid trailing quote via delimiter",
    input: 'a,"b",c\nd,e,f',
    data: [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has valid trailing quote via \\n",
    input: 'a,b,"c"\nd,e,f',
    data: [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field has valid trailing quote via EOF",
    input: 'a,b,c\nd,e,"f"',
    data: [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field contains delimiters and \\n with valid trailing quote",
    input: 'a,"b,c\nd,e,f"',
    data: [["a", "b,c\nd,e,f"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Line starts with quoted field",
    input: 'a,b,c\n"d",e,f',
    data: [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Line starts with unquoted empty field",
    input: ',b,c\n"d",e,f',
    data: [
      ["", "b", "c"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Line ends with quoted field",
    input: 'a,b,c\nd,e,f\n"g","h","i"\n"j","k","l"',
    data: [
      ["a", "b", "c"],
      ["d", "e", "f"],
      ["g", "h", "i"],
      ["j", "k", "l"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Line ends with quoted field, first field of next line is empty, \\n",
    input: 'a,b,c\n,e,f\n,"h","i"\n,"k","l"',
    newline: "\n",
    data: [
      ["a", "b", "c"],
      ["", "e", "f"],
      ["", "h", "i"],
      ["", "k", "l"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Quoted field at end of row (but not at EOF) has quotes",
    input: 'a,b,"c""c"""\nd,e,f',
    data: [
      ["a", "b", 'c"c"'],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Empty quoted field at EOF is empty",
    input: 'a,b,""\na,b,""',
    data: [
      ["a", "b", ""],
      ["a", "b", ""],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Multiple consecutive empty fields",
    input: "a,b,,,c,d\n,,e,,,f",
    data: [
      ["a", "b", "", "", "c", "d"],
      ["", "", "e", "", "", "f"],
    ],
  },
  { from: "CORE_PARSER_TESTS", description: "Empty input string", input: "", data: [] },
  {
    from: "CORE_PARSER_TESTS",
    description: "Input is just the delimiter (2 empty fields)",
    input: ",",
    data: [["", ""]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Input is just empty fields",
    input: ",,\n,,,",
    data: [
      ["", "", ""],
      ["", "", "", ""],
    ],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Input is just a string (a single field)",
    input: "Abc def",
    data: [["Abc def"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Input with only a commented line, without comments enabled",
    input: "#commented line",
    data: [["#commented line"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Input without comments with line starting with whitespace",
    input: "a\n b\nc",
    data: [["a"], [" b"], ["c"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "Multiple rows, one column (no delimiter found)",
    input: "a\nb\nc\nd\ne",
    data: [["a"], ["b"], ["c"], ["d"], ["e"]],
  },
  {
    from: "CORE_PARSER_TESTS",
    description: "One column input with empty fields",
    input: "a\nb\n\n\nc\nd\ne\n",
    data: [["a"], ["b"], [""], [""], ["c"], ["d"], ["e"], [""]],
  },
  {
    from: "PARSE_TESTS",
    description: "Two rows, just \\r",
    input: "A,b,c\rd,E,f",
    data: [
      ["A", "b", "c"],
      ["d", "E", "f"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Two rows, \\r\\n",
    input: "A,b,c\r\nd,E,f",
    data: [
      ["A", "b", "c"],
      ["d", "E", "f"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted field with \\r\\n",
    input: 'A,"B\r\nB",C',
    data: [["A", "B\r\nB", "C"]],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted field with \\r",
    input: 'A,"B\rB",C',
    data: [["A", "B\rB", "C"]],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted field with \\n",
    input: 'A,"B\nB",C',
    data: [["A", "B\nB", "C"]],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted fields with spaces between closing quote and next delimiter",
    input: 'A,"B" ,C,D\r\nE,F,"G"  ,H',
    data: [
      ["A", "B", "C", "D"],
      ["E", "F", "G", "H"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted fields with spaces between closing quote and next new line",
    input: 'A,B,C,"D" \r\nE,F,G,"H"  \r\nQ,W,E,R',
    data: [
      ["A", "B", "C", "D"],
      ["E", "F", "G", "H"],
      ["Q", "W", "E", "R"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted fields with spaces after closing quote",
    input: 'A,"B" ,C,"D" \r\nE,F,"G"  ,"H"  \r\nQ,W,"E" ,R',
    data: [
      ["A", "B", "C", "D"],
      ["E", "F", "G", "H"],
      ["Q", "W", "E", "R"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Misplaced quotes in data twice, not as opening quotes",
    input: 'A,B",C\nD,E",F',
    data: [
      ["A", 'B"', "C"],
      ["D", 'E"', "F"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Mixed slash n and slash r should choose first as precident",
    input: "a,b,c\nd,e,f\rg,h,i\n",
    data: [["a", "b", "c"], ["d", "e", "f\rg", "h", "i"], [""]],
  },
  {
    from: "PARSE_TESTS",
    description: "Row with enough fields but blank field in the begining",
    input: "A,B,C\r\n,b1,c1\r\na2,b2,c2",
    data: [
      ["A", "B", "C"],
      ["", "b1", "c1"],
      ["a2", "b2", "c2"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Blank line at beginning",
    input: "\r\na,b,c\r\nd,e,f",
    newline: "\r\n",
    data: [[""], ["a", "b", "c"], ["d", "e", "f"]],
  },
  {
    from: "PARSE_TESTS",
    description: "Blank line in middle",
    input: "a,b,c\r\n\r\nd,e,f",
    newline: "\r\n",
    data: [["a", "b", "c"], [""], ["d", "e", "f"]],
  },
  {
    from: "PARSE_TESTS",
    description: "Blank lines at end",
    input: "a,b,c\nd,e,f\n\n",
    data: [["a", "b", "c"], ["d", "e", "f"], [""], [""]],
  },
  {
    from: "PARSE_TESTS",
    description: "Blank line in middle with whitespace",
    input: "a,b,c\r\n \r\nd,e,f",
    data: [["a", "b", "c"], [" "], ["d", "e", "f"]],
  },
  {
    from: "PARSE_TESTS",
    description: "First field of a line is empty",
    input: "a,b,c\r\n,e,f",
    data: [
      ["a", "b", "c"],
      ["", "e", "f"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Last field of a line is empty",
    input: "a,b,\r\nd,e,f",
    data: [
      ["a", "b", ""],
      ["d", "e", "f"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Other fields are empty",
    input: "a,,c\r\n,,",
    data: [
      ["a", "", "c"],
      ["", "", ""],
    ],
  },
  { from: "PARSE_TESTS", description: "Empty input string", input: "", data: [] },
  {
    from: "PARSE_TESTS",
    description: "Input is just the delimiter (2 empty fields)",
    input: ",",
    data: [["", ""]],
  },
  {
    from: "PARSE_TESTS",
    description: "Input is just a string (a single field)",
    input: "Abc def",
    data: [["Abc def"]],
  },
  {
    from: "PARSE_TESTS",
    description: "Empty lines",
    input: "\na,b,c\n\nd,e,f\n\n",
    data: [[""], ["a", "b", "c"], [""], ["d", "e", "f"], [""], [""]],
  },
  {
    from: "PARSE_TESTS",
    description: "Pipe delimiter is guessed correctly choose avgFildCount max one",
    input: "a,b,c\na,b,c|d|e|f",
    data: [
      ["a", "b", "c"],
      ["a", "b", "c|d|e|f"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Carriage return in header inside quotes, with line feed endings",
    input: '"a\r\na","b"\n"c","d"\n"e","f"\n"g","h"\n"i","j"',
    data: [
      ["a\r\na", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Line feed in header inside quotes, with carriage return + line feed endings",
    input: '"a\na","b"\r\n"c","d"\r\n"e","f"\r\n"g","h"\r\n"i","j"',
    data: [
      ["a\na", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Using \\r\\n endings uses \\r\\n linebreak",
    input: "a,b\r\nc,d\r\ne,f\r\ng,h\r\ni,j",
    data: [
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Using \\n endings uses \\n linebreak",
    input: "a,b\nc,d\ne,f\ng,h\ni,j",
    data: [
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Using \\r\\n endings with \\r\\n in header field uses \\r\\n linebreak",
    input: '"a\r\na",b\r\nc,d\r\ne,f\r\ng,h\r\ni,j',
    data: [
      ["a\r\na", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Using \\r\\n endings with \\n in header field uses \\r\\n linebreak",
    input: '"a\na",b\r\nc,d\r\ne,f\r\ng,h\r\ni,j',
    data: [
      ["a\na", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Using \\n endings with \\r\\n in header field uses \\n linebreak",
    input: '"a\r\na",b\nc,d\ne,f\ng,h\ni,j',
    data: [
      ["a\r\na", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
      ["i", "j"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted fields with spaces between closing quote and next delimiter and contains delimiter",
    input: 'A,",B" ,C,D\nE,F,G,H',
    data: [
      ["A", ",B", "C", "D"],
      ["E", "F", "G", "H"],
    ],
  },
  {
    from: "PARSE_TESTS",
    description: "Quoted fields with spaces between closing quote and newline and contains newline",
    input: 'a,b,"c\n" \nd,e,f',
    data: [
      ["a", "b", "c\n"],
      ["d", "e", "f"],
    ],
  },
  {
    from: "CUSTOM_TESTS",
    description: "Quoted line breaks near chunk boundaries are handled",
    input: 'A,B,C\nX,"Y\n1\n2\n3",Z',
    data: [
      ["A", "B", "C"],
      ["X", "Y\n1\n2\n3", "Z"],
    ],
  },
];
