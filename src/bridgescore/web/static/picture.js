// The scorepad's sheet as a picture (PNG): painted from what the page shows (its SVG, the cells'
// rules, the words where they stand), in the light theme, at twice the density. app.js loads it
// when the picture is first asked for (most games are never shared): bridgescorePicture(card) -> Blob.
"use strict";
window.bridgescorePicture = async function (card) {
  const root = document.documentElement;
  const theme = root.dataset.theme;
  root.dataset.theme = "light"; // a picture on paper, whatever the phone's theme
  card.classList.add("capture");
  try {
    const box = card.getBoundingClientRect();
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(box.width * scale);
    canvas.height = Math.ceil(box.height * scale);
    const ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    ctx.fillStyle = getComputedStyle(card).backgroundColor;
    ctx.fillRect(0, 0, box.width, box.height);
    const at = (r) => [r.left - box.left, r.top - box.top];
    for (const svg of card.querySelectorAll("svg")) {
      if (svg.closest("details:not([open])")) continue;
      const r = svg.getBoundingClientRect();
      const copy = svg.cloneNode(true);
      copy.setAttribute("color", getComputedStyle(svg).color);
      const image = new Image();
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(copy));
      await image.decode();
      const [x, y] = at(r);
      ctx.drawImage(image, x, y, r.width, r.height);
    }
    for (const cell of card.querySelectorAll("td, th")) {
      const style = getComputedStyle(cell);
      const width = parseFloat(style.borderBottomWidth);
      if (!width || cell.offsetParent === null) continue;
      const r = cell.getBoundingClientRect();
      const [x, y] = at(r);
      ctx.fillStyle = style.borderBottomColor;
      ctx.fillRect(x, y + r.height - width, r.width, width);
    }
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent.trim() || parent.closest("svg") || parent.offsetParent === null) continue;
      const style = getComputedStyle(parent);
      ctx.font = style.fontStyle + " " + style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
      ctx.fillStyle = style.color;
      ctx.textBaseline = "bottom";
      const words = node.textContent.match(/\S+/g) || [];
      let from = 0;
      for (const word of words) {
        const start = node.textContent.indexOf(word, from);
        from = start + word.length;
        range.setStart(node, start);
        range.setEnd(node, from);
        const r = range.getBoundingClientRect();
        const [x, y] = at(r);
        ctx.fillText(word, x, y + r.height);
      }
    }
    return await new Promise((done) => canvas.toBlob(done, "image/png"));
  } finally {
    card.classList.remove("capture");
    if (theme) root.dataset.theme = theme; else delete root.dataset.theme;
  }
};
