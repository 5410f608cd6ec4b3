import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { Inbox } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NotAllowed } from "@/components/ui/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchField } from "@/components/ui/search-field";
import { SelectField } from "@/components/ui/select-field";
import { Skeleton } from "@/components/ui/skeleton";

describe("FormField", () => {
  it("points the label at the control, so clicking the label activates it", () => {
    let clicks = 0;
    render(
      <FormField label="Email">
        <Input onClick={() => (clicks += 1)} />
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    const label = screen.getByText("Email").closest("label");
    // A browser focuses a label's control on click; jsdom forwards the click but not the focus.
    expect(label?.control).toBe(input);
    fireEvent.click(screen.getByText("Email"));
    expect(clicks).toBe(1);
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("describes the control by its hint and error and marks it invalid and required", () => {
    render(
      <FormField id="amount" label="Amount" hint="In shillings" error="Too large" required errorTestId="amount-error">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: /Amount/ });
    expect(input).toHaveAttribute("id", "amount");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription("In shillings Too large");
    expect(screen.getByTestId("amount-error")).toHaveTextContent("Too large");
  });

  it("keeps the control's own handlers and wires a native select the same way", () => {
    const seen: string[] = [];
    render(
      <FormField label="Currency" error="Pick one">
        <NativeSelect value="" onChange={(e) => seen.push(e.target.value)}>
          <option value="">-</option>
          <option value="USD">USD</option>
        </NativeSelect>
      </FormField>,
    );
    const select = screen.getByRole("combobox", { name: "Currency" });
    expect(select).toHaveAccessibleDescription("Pick one");
    fireEvent.change(select, { target: { value: "USD" } });
    expect(seen).toEqual(["USD"]);
  });
});

describe("SelectField", () => {
  it("labels the select, offers the 'all' choice first and hands back the chosen value", () => {
    const seen: string[] = [];
    render(
      <SelectField
        id="status"
        label="Status"
        value=""
        onChange={(v) => seen.push(v)}
        all={{ value: "", label: "All statuses" }}
        options={[
          { value: "open", label: "Open" },
          { value: "closed", label: "Closed" },
        ]}
        testId="status-filter"
        className="sm:w-56"
      />,
    );
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(select).toBe(screen.getByTestId("status-filter"));
    expect(select).toHaveAttribute("id", "status");
    expect(select).not.toHaveAttribute("aria-describedby");
    expect(select.parentElement).toHaveClass("space-y-1.5", "sm:w-56");
    expect(screen.getAllByRole("option").map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["", "All statuses"],
      ["open", "Open"],
      ["closed", "Closed"],
    ]);
    fireEvent.change(select, { target: { value: "closed" } });
    expect(seen).toEqual(["closed"]);
  });
});

describe("SearchField", () => {
  it("labels a search box and passes the input's own props and invalid state through", () => {
    const seen: string[] = [];
    render(<SearchField label="Search" value="" onChange={(e) => seen.push(e.target.value)} aria-invalid data-testid="q" />);
    const box = screen.getByRole("searchbox", { name: "Search" });
    expect(box).toBe(screen.getByTestId("q"));
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveClass("pl-9");
    fireEvent.change(box, { target: { value: "acme" } });
    expect(seen).toEqual(["acme"]);
  });
});

describe("PageHeader", () => {
  it("renders the title as the page heading, names the tab after it and shows description and actions", () => {
    render(<PageHeader title="Registry" description="All institutions" actions={<button type="button">Export</button>} />);
    expect(screen.getByRole("heading", { level: 1, name: "Registry" })).toHaveAttribute("id", "page-title");
    expect(screen.getByText("All institutions")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export" })).toBeInTheDocument();
    expect(document.title).toBe("Registry · Kormeer");
  });
});

describe("NotAllowed", () => {
  it("shows the screen's title and announces why the screen is closed", () => {
    render(
      <NotAllowed title="Audit trail" testId="closed">
        Only regulators may read the audit trail.
      </NotAllowed>,
    );
    expect(screen.getByRole("region", { name: "Audit trail" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Only regulators may read the audit trail.");
    expect(screen.getByTestId("closed")).toBe(screen.getByRole("alert"));
  });

  it("without a title shows only the message", () => {
    render(<NotAllowed>Regulators only.</NotAllowed>);
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByRole("alert")).toHaveTextContent("Regulators only.");
  });
});

describe("EmptyState", () => {
  it("renders its title, hint and action", () => {
    render(
      <EmptyState icon={Inbox} title="No transfers" hint="Try another filter" testId="empty">
        <a href="/transfers">New transfer</a>
      </EmptyState>,
    );
    const empty = screen.getByTestId("empty");
    expect(empty).toHaveTextContent("No transfers");
    expect(empty).toHaveTextContent("Try another filter");
    expect(screen.getByRole("link", { name: "New transfer" })).toBeInTheDocument();
  });
});

describe("Skeleton", () => {
  it("is hidden from screen readers unless it is labelled as a status", () => {
    const { container } = render(
      <>
        <Skeleton className="h-4" />
        <Skeleton role="status" aria-label="Loading" />
      </>,
    );
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("status", { name: "Loading" })).not.toHaveAttribute("aria-hidden");
  });
});
