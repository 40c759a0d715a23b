// The entry widget (templates/entry.html): a deal by taps or typed, a prompt for what it lacks, the
// server's preview, then Save. app.js (the scorepad) and club.js (a club table) start it on their own
// element; options: say, preview(text, chosen) -> URL, save(text, label), canSave(chosen), ready(text).
"use strict";
window.bridgescoreEntry = function (entry, options) {
  const $ = (selector) => entry.querySelector(selector);
  const $$ = (selector) => Array.from(entry.querySelectorAll(selector));
  const say = options.say;
  const needs = (entry.dataset.entry || "").split(" ").filter(Boolean);
  const notation = $(".notation input");
  const saveButton = $(".save");
  const preview = $(".preview");
  const PARTS = ["level", "strain", "doubling", "declarer", "result", "honours", "hcp", "fit-strain", "fit-length"];
  const CONTRACT = PARTS.slice(0, 6);
  const canSave = options.canSave || (() => true);
  const chosen = {};
  let passed = false;
  let ready = ""; // the text whose preview the server read: Save sends it
  let fitAuto = false; // the fit's suit came from the contract, not a tap

  function setReady(text) {
    ready = text;
    saveButton.disabled = !text || !canSave(chosen);
    if (options.ready) options.ready(text);
  }

  function pick(part, value) {
    $$('[data-part="' + part + '"] button').forEach((b) => b.classList.toggle("on", b.dataset.value === value));
    chosen[part] = value;
  }
  function pass(on) {
    passed = on;
    $$('[data-part="pass"]').forEach((b) => b.classList.toggle("on", on));
  }

  function drawResults() {
    const row = $('[data-part="result"]');
    row.replaceChildren();
    if (!chosen.level) return;
    const need = 6 + Number(chosen.level);
    for (let tricks = 0; tricks <= 13; tricks++) {
      const b = document.createElement("button");
      b.type = "button";
      const value = tricks === need ? "=" : tricks > need ? "+" + (tricks - need) : "-" + (need - tricks);
      b.dataset.value = value;
      b.textContent = value;
      b.setAttribute("aria-label", say("tricks", { count: tricks }) + " (" + value + ")");
      if (tricks >= need) b.classList.add("made");
      if (value === chosen.result) b.classList.add("on");
      row.appendChild(b);
    }
  }

  // The side whose points the HCP row counts: the declaring side, or North-South.
  function hcpSide() {
    return chosen.declarer === "E" || chosen.declarer === "W" ? "EW" : "NS";
  }
  function showHcpSide() {
    const box = $("#hcp");
    if (!box) return;
    const names = [box.dataset.sideNs, box.dataset.sideEw];
    if (hcpSide() === "EW") names.reverse();
    const label = $("#hcp-label");
    label.textContent = label.dataset.template.replace("{side}", names[0]);
    const value = $("#hcp-value").value;
    $("#hcp-other").textContent = value === "" || value < 0 || value > 40 ? "" : names[1] + " " + (40 - value);
  }
  function setHcp(value) {
    const field = $("#hcp-value");
    if (!field) return;
    field.value = value === "" ? "" : String(value);
    pick("hcp", field.value);
    showHcpSide();
  }

  // The four hands' points ({N: 12, …}), or null until all four are filled.
  function handPoints() {
    const hands = $$("[data-hand]");
    if (!hands.length || hands.some((input) => input.value === "")) return null;
    return Object.fromEntries(hands.map((input) => [input.dataset.hand, Number(input.value)]));
  }
  // The side's total from the hands, once they make 40.
  function hcpFromHands() {
    const hands = handPoints();
    if (hands && handsTotal() === true) setHcp(hcpSide() === "NS" ? hands.N + hands.S : hands.E + hands.W);
  }
  function clearHands() {
    $$("[data-hand]").forEach((input) => { input.value = ""; });
    handsTotal();
  }

  // Whether the four hands make 40 (null while none is filled), said under them when not.
  function handsTotal() {
    const filled = $$("[data-hand]").filter((input) => input.value !== "");
    const note = $("#hcp-total");
    if (!note) return null;
    const total = filled.reduce((sum, input) => sum + Number(input.value), 0);
    const whole = filled.length === 4 && total === 40;
    note.textContent = !filled.length || whole ? "" : say("hcp_sum", { total: total });
    return filled.length ? whole : null;
  }

  // What the taps say so far: the deal's text and the next part it needs ("" when complete).
  function tapped() {
    let text;
    let missing = "";
    if (passed) {
      text = "pass";
    } else {
      for (const part of ["level", "strain", "declarer", "result"]) {
        if (!chosen[part]) { missing = part; break; }
      }
      text = (chosen.level || "") + (chosen.strain || "") + (chosen.doubling || "");
      if (chosen.declarer) text += " " + chosen.declarer;
      if (chosen.result) text += " " + chosen.result;
      if (chosen.honours) text += " honours=" + chosen.honours;
    }
    if (needs.includes("hcp")) {
      const hands = handsTotal();
      const points = handPoints();
      if (hands === false) missing = missing || "hands";
      else if (hands === true && points) text += " hcp=" + ["N", "E", "S", "W"].map((seat) => seat + ":" + points[seat]).join(",");
      else if (chosen.hcp === undefined || chosen.hcp === "") missing = missing || "hcp";
      else text += " hcp=" + hcpSide() + ":" + chosen.hcp;
    }
    if (needs.includes("fit")) {
      if (chosen["fit-strain"] === "none") text += " fit=none";
      else if (chosen["fit-strain"] && chosen["fit-length"]) text += " fit=" + chosen["fit-strain"] + chosen["fit-length"];
      else missing = missing || "fit";
    }
    return { text: text, missing: missing };
  }

  // The stronger side's fit: when the declaring side has 20+ points (or none entered yet), the
  // contract's suit is pre-selected (shown on the buttons and in the preview); a tapped suit stays.
  function autoFit() {
    if (!needs.includes("fit") || (chosen["fit-strain"] && !fitAuto)) return;
    const suit = ["C", "D", "H", "S"].includes(chosen.strain) ? chosen.strain : "";
    const points = chosen.hcp === undefined || chosen.hcp === "" ? 20 : Number(chosen.hcp);
    const likely = !passed && suit && points >= 20 ? suit : "";
    if (likely === (chosen["fit-strain"] || "")) return;
    pick("fit-strain", likely);
    fitAuto = !!likely;
  }

  function anyTapped() {
    return passed || PARTS.some((part) => part !== "doubling" && chosen[part]);
  }

  let previewTimer = 0;
  let previewFor = "";
  // Called after every tap or keystroke: prompt for what is missing, preview what is complete.
  function changed() {
    const typed = notation.value.trim();
    const prompt = $(".prompt");
    setReady("");
    clearTimeout(previewTimer);
    let text = "";
    if (typed) {
      text = typed;
      prompt.textContent = "";
    } else {
      autoFit();
      const now = tapped();
      prompt.textContent = say("prompt_" + (now.missing || "ready"));
      if (now.missing) {
        previewFor = "";
        preview.replaceChildren();
        return;
      }
      text = now.text;
    }
    previewTimer = setTimeout(() => showPreview(text), typed ? 250 : 0);
  }
  // The server's preview; the phone's own (options.local(text, failed): {html, ok} or null) while
  // changes wait, or when the server gives none within 5 s.
  async function showPreview(text) {
    previewFor = text;
    const local = (failed) => options.local && options.local(text, failed);
    let shown = local(false);
    if (!shown) {
      try {
        const response = await fetch(options.preview(text, chosen), { signal: AbortSignal.timeout && AbortSignal.timeout(5000) });
        shown = response.status < 500 ? { html: await response.text(), ok: response.ok } : local(true);
      } catch (e) {
        shown = local(true);
      }
    }
    if (previewFor !== text) return;
    if (shown) preview.innerHTML = shown.html;
    else preview.textContent = say("offline_preview");
    if (!shown || shown.ok) setReady(text); // with no preview the server checks it when sent
  }
  function error(message) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = message;
    preview.replaceChildren(p);
  }

  function clearTaps() {
    PARTS.forEach((part) => pick(part, ""));
    fitAuto = false;
    pass(false);
    setHcp("");
    clearHands();
    drawResults();
  }

  function reset() {
    clearTaps();
    notation.value = "";
    preview.replaceChildren();
    changed();
  }

  // A deal shown on the buttons, every part pre-selected ({level, strain, …, hcp, hands, pass}), or
  // as *text* in the typing field when it has facts the taps cannot show.
  function show(parts, text) {
    clearTaps();
    notation.value = "";
    if (!Object.keys(parts).length || parts.typed) {
      notation.value = text;
    } else {
      pass(!!parts.pass);
      PARTS.forEach((part) => { if (part !== "hcp" && parts[part] !== undefined) pick(part, parts[part]); });
      drawResults();
      if (parts.hcp !== undefined) setHcp(hcpSide() === "NS" ? Number(parts.hcp) : 40 - Number(parts.hcp));
      if (parts.hands) {
        const held = parts.hands.split(" ");
        $$("[data-hand]").forEach((input) => { input.value = held["NESW".indexOf(input.dataset.hand)]; });
        $("#hcp-hands").open = true;
        handsTotal();
      }
    }
    changed();
  }

  function tap(button) {
    const part = (button.closest("[data-part]") || { dataset: {} }).dataset.part; // its own, or its row's
    const step = button.dataset.step;
    if (part !== "pass" && !step && (!PARTS.includes(part) || button.dataset.value === undefined)) return; // the page's own
    notation.value = ""; // a tap starts composing by taps
    if (part === "pass") {
      pass(!passed);
      if (passed) CONTRACT.forEach((p) => pick(p, ""));
      drawResults();
      showHcpSide();
      hcpFromHands();
    } else if (step) {
      const field = $("#hcp-value");
      const start = field.value === "" ? 20 : Number(field.value) + Number(step);
      clearHands();
      setHcp(Math.max(0, Math.min(40, start)));
    } else {
      if (CONTRACT.includes(part)) pass(false);
      if (part === "hcp") {
        clearHands();
        setHcp(button.dataset.value);
      } else {
        pick(part, button.dataset.value);
      }
      if (part === "fit-strain") fitAuto = false;
      if (part === "level") {
        // a result read against the old level may no longer be possible
        if (chosen.result && chosen.result.startsWith("-") && Number(chosen.result.slice(1)) > 6 + Number(chosen.level)) pick("result", "");
        drawResults();
      }
      if (part === "declarer") { showHcpSide(); hcpFromHands(); }
    }
    changed();
  }

  entry.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && button !== saveButton) tap(button);
  });
  notation.addEventListener("input", () => {
    if (notation.value.trim() && anyTapped()) clearTaps();
    changed();
  });
  notation.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !saveButton.disabled) { event.preventDefault(); saveButton.click(); }
  });
  const field = $("#hcp-value");
  if (field) field.addEventListener("input", () => { clearHands(); pick("hcp", field.value); showHcpSide(); changed(); });
  $$("[data-hand]").forEach((input) => input.addEventListener("input", () => {
    hcpFromHands();
    changed();
  }));
  saveButton.addEventListener("click", () => {
    if (ready && !saveButton.disabled) options.save(ready, ($(".preview-head b") || { textContent: ready }).textContent);
  });
  drawResults();
  showHcpSide();
  return { chosen: chosen, pick: pick, changed: changed, reset: reset, show: show, error: error };
};
