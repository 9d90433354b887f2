/** The in-memory host's check of a RichApi request's shape (what processor.ts refuses as InvalidRequest). */
import { parseRequestMessage } from "./protocol";

const request = {
  AutoKeepReference: true,
  Actions: [
    { Id: 2, ActionType: 1, Name: "", ObjectPathId: 1 },
    {
      Id: 3,
      ActionType: 4,
      Name: "Values",
      ObjectPathId: 1,
      ArgumentInfo: { Arguments: [[["a", 1, null]]] },
      QueryInfo: { Select: ["values"], Top: 10, Filter: { x: 1 } },
    },
  ],
  ObjectPaths: {
    "1": {
      Id: 1,
      ObjectPathType: 3,
      Name: "GetRange",
      ParentObjectPathId: 0,
      ArgumentInfo: { Arguments: ["A1"] },
    },
  },
};

test("a request office.js sends is read whole, and fields it does not send are left out", () => {
  const parsed = parseRequestMessage({ ...request, Extra: 1 });
  expect(parsed).toEqual({ success: true, data: request });
});

test("a request of the wrong shape is refused, naming the field", () => {
  const bad = (patch: object) => parseRequestMessage({ ...request, ...patch });
  expect(bad({ Actions: "x" })).toEqual({
    success: false,
    error: { message: "request.Actions: expected an array" },
  });
  expect(bad({ Actions: [{ ...request.Actions[0], Name: 5 }] })).toEqual({
    success: false,
    error: { message: "request.Actions[0].Name: expected a string" },
  });
  expect(bad({ ObjectPaths: { "1": { Id: "1", ObjectPathType: 3, Name: "x" } } })).toEqual({
    success: false,
    error: { message: "request.ObjectPaths.1.Id: expected a number" },
  });
  expect(bad({ ObjectPaths: [] })).toEqual({
    success: false,
    error: { message: "request.ObjectPaths: expected an object" },
  });
  expect(bad({ AutoKeepReference: "yes" })).toEqual({
    success: false,
    error: { message: "request.AutoKeepReference: expected a boolean" },
  });
  expect(parseRequestMessage(null)).toEqual({
    success: false,
    error: { message: "request: expected an object" },
  });
});
