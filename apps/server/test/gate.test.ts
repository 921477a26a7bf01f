// The import gate: a fixed number of slots, each held by the request and by
// the import work, freed when both let go; closed, it admits no one, and
// drained() resolves once the last slot is free.
import { describe, expect, it } from "vitest";
import { ImportGate } from "../src/imports/gate.js";

describe("ImportGate", () => {
  it("admits up to its capacity and frees a slot when every holder lets go", () => {
    const gate = new ImportGate(2);
    const a = gate.tryEnter()!;
    const b = gate.tryEnter()!;
    expect(gate.tryEnter()).toBeUndefined();
    expect(a.hold()).toBe(true);
    a.release();
    expect(gate.running).toBe(2);
    a.release();
    expect(gate.running).toBe(1);
    a.release();
    expect(gate.running).toBe(1);
    expect(gate.tryEnter()).toBeDefined();
    b.release();
    expect(gate.running).toBe(1);
  });

  it("refuses work on a ticket whose request is already gone", () => {
    const gate = new ImportGate(1);
    const ticket = gate.tryEnter()!;
    ticket.release();
    expect(ticket.hold()).toBe(false);
    expect(gate.running).toBe(0);
  });

  it("admits no one once closed, and drains when the last import ends", async () => {
    const gate = new ImportGate(3);
    const ticket = gate.tryEnter()!;
    gate.close();
    expect(gate.closed).toBe(true);
    expect(gate.tryEnter()).toBeUndefined();
    let drained = false;
    const waiting = gate.drained().then(() => {
      drained = true;
    });
    await Promise.resolve();
    expect(drained).toBe(false);
    ticket.release();
    await waiting;
    expect(drained).toBe(true);
    await gate.drained();
  });
});
