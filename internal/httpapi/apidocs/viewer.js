// The API reference page: reads /api/openapi.json and lists the operations by tag with their
// access rule, parameters and schemas. Plain DOM, no dependencies, so it runs under the CSP.
"use strict";
(async function () {
  const main = document.getElementById("operations");
  const el = (tag, attrs, ...children) => {
    const e = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => e.setAttribute(k, v));
    children.forEach((c) => e.append(c));
    return e;
  };
  let doc;
  try {
    const res = await fetch("/api/openapi.json");
    doc = await res.json();
  } catch (err) {
    main.replaceChildren(el("p", {}, "The API document could not be loaded."));
    return;
  }
  const schemas = doc.components.schemas;
  // resolve follows one $ref, so a schema is shown with its named components beside it.
  const refs = (schema, seen) => {
    JSON.stringify(schema, (k, v) => {
      if (k === "$ref" && typeof v === "string") {
        const name = v.split("/").pop();
        if (!seen.has(name)) { seen.add(name); refs(schemas[name], seen); }
      }
      return v;
    });
    return seen;
  };
  const schemaBlock = (title, schema) => {
    const box = el("div", {}, el("h4", {}, title), el("pre", {}, JSON.stringify(schema, null, 2)));
    refs(schema, new Set()).forEach((name) => box.append(el("h4", {}, name), el("pre", {}, JSON.stringify(schemas[name], null, 2))));
    return box;
  };
  const byTag = new Map();
  Object.entries(doc.paths).forEach(([path, ops]) => Object.entries(ops).forEach(([method, op]) => {
    const tag = (op.tags || ["other"])[0];
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag).push({ path, method, op });
  }));
  main.replaceChildren();
  [...byTag.keys()].sort().forEach((tag) => {
    main.append(el("h2", {}, tag));
    byTag.get(tag).sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method)).forEach(({ path, method, op }) => {
      const body = el("div", { class: "body" }, el("p", {}, op.description));
      if (op.parameters) {
        const rows = op.parameters.map((p) => el("tr", {}, el("td", {}, el("code", {}, p.name)), el("td", {}, p.in), el("td", {}, p.description || "")));
        body.append(el("h4", {}, "Parameters"), el("table", {}, ...rows));
      }
      if (op.requestBody) body.append(schemaBlock("Request body", op.requestBody.content["application/json"].schema));
      Object.entries(op.responses).forEach(([status, r]) => {
        const content = r.content && r.content["application/json"];
        if (status < "400" && content) body.append(schemaBlock("Response " + status, content.schema));
        else body.append(el("p", {}, "Response " + status + ": " + r.description));
      });
      main.append(el("details", {}, el("summary", {}, el("span", { class: "method " + method }, method.toUpperCase()), el("span", { class: "path" }, path), el("span", {}, op.summary)), body));
    });
  });
})();
