// tb::read_adapter and tb::check_contract (tb/unit_contract.h): a user's adapter read from
// Verilator's XML and held to the unit contract (doc/your-unit.md, "The adapter"). The XML is
// written by hand in the shape `verilator --xml-only` gives; the widths are Lanes=2, TagWidth=8.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "tb/unit_contract.h"

using namespace halfpipe::tb;

namespace {

// A var element: a port of dtype `dtype`, declared on `line` of adapter.sv.
std::string port(const char* name, const char* dir, int dtype, int line) {
  return "<var loc=\"a," + std::to_string(line) + ",10," + std::to_string(line) + ",20\" name=\"" +
         name + "\" dtype_id=\"" + std::to_string(dtype) + "\" dir=\"" + dir +
         "\" vartype=\"logic\" origName=\"" + name + "\"/>\n";
}

std::string parameter(const char* name, const char* constant, int line) {
  return "<var loc=\"a," + std::to_string(line) + ",20," + std::to_string(line) +
         ",25\" name=\"" + name + "\" dtype_id=\"6\" vartype=\"logic\" origName=\"" + name +
         "\" param=\"true\">\n<const loc=\"a," + std::to_string(line) + ",28," +
         std::to_string(line) + ",29\" name=\"" + constant + "\" dtype_id=\"6\"/>\n</var>\n";
}

// dtypes: 1 one bit, 2 [19:0], 3 [1:0], 4 [31:0], 5 [7:0], 6 a parameter's [31:0].
std::string contract_adapter_xml() {
  std::string xml =
      "<verilator_xml>\n<files>\n<file id=\"a\" filename=\"/units/adapter.sv\" "
      "language=\"1800-2017\"/>\n</files>\n<netlist>\n"
      "<module loc=\"a,3,8,3,18\" name=\"my_adapter\" origName=\"my_adapter\">\n";
  xml += parameter("Lanes", "32'sh2", 4);
  xml += parameter("TagWidth", "32'sh8", 5);
  xml += parameter("Forms", "&quot;add.f16 mul.f16&quot;", 6);
  const struct {
    const char* name;
    const char* dir;
    int dtype;
  } ports[] = {{"clk_i", "input", 1},          {"rst_ni", "input", 1},
               {"in_valid_i", "input", 1},     {"in_ready_o", "output", 1},
               {"in_uop_i", "input", 2},       {"in_lane_mask_i", "input", 3},
               {"in_a_i", "input", 4},         {"in_b_i", "input", 4},
               {"in_c_i", "input", 4},         {"in_tag_i", "input", 5},
               {"out_valid_o", "output", 1},   {"out_ready_i", "input", 1},
               {"out_result_o", "output", 4},  {"out_tag_o", "output", 5},
               {"out_lane_mask_o", "output", 3}};
  int line = 8;
  for (const auto& p : ports) xml += port(p.name, p.dir, p.dtype, line++);
  xml += "</module>\n<typetable>\n<basicdtype loc=\"a,1,1,1,1\" id=\"1\" name=\"logic\"/>\n"
         "<basicdtype id=\"2\" name=\"logic\" left=\"19\" right=\"0\"/>\n"
         "<basicdtype id=\"3\" name=\"logic\" left=\"1\" right=\"0\"/>\n"
         "<basicdtype id=\"4\" name=\"logic\" left=\"31\" right=\"0\"/>\n"
         "<basicdtype id=\"5\" name=\"logic\" left=\"7\" right=\"0\"/>\n"
         "<basicdtype id=\"6\" name=\"logic\" left=\"31\" right=\"0\"/>\n"
         "</typetable>\n</netlist>\n</verilator_xml>\n";
  return xml;
}

struct XmlFile {
  std::string path = "unit_contract_test." + std::to_string(::getpid()) + ".xml";
  explicit XmlFile(const std::string& text) { std::ofstream(path) << text; }
  ~XmlFile() { std::remove(path.c_str()); }
};

std::string refusal(const Adapter& adapter) {
  try {
    check_contract(adapter, "my_adapter");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("unit contract: the adapter's ports and parameters are read from Verilator's XML, each with its FILE:LINE") {
  const XmlFile xml(contract_adapter_xml());
  const Adapter a = read_adapter(xml.path, "my_adapter");
  CHECK(a.where == "/units/adapter.sv:3");
  CHECK(a.ports.size() == 15);
  CHECK(a.ports.at("in_a_i").dir == "input");
  CHECK(a.ports.at("in_a_i").width == 32);
  CHECK(a.ports.at("in_a_i").where == "/units/adapter.sv:14");
  CHECK(a.ports.at("clk_i").width == 1);
  CHECK(a.parameters.at("Lanes").number == 2);
  CHECK(a.parameters.at("TagWidth").where == "/units/adapter.sv:5");
  CHECK(a.parameters.at("Forms").text == "add.f16 mul.f16");
  CHECK_THROWS_WITH(read_adapter(xml.path, "other"),
                    xml.path + ": the elaboration has no module other");
}

TEST_CASE("unit contract: an adapter with the contract's ports and parameters is accepted with what it declares") {
  const XmlFile xml(contract_adapter_xml());
  const DeclaredUnit d = check_contract(read_adapter(xml.path, "my_adapter"), "my_adapter");
  CHECK(d.lanes == 2);
  CHECK(d.tag_width == 8);
  CHECK(d.in_order);  // InOrder not given: in order
  CHECK(d.forms == "add.f16 mul.f16");
}

TEST_CASE("unit contract: a width, a direction, a missing or extra port and a parameter out of range are refused at their line") {
  const XmlFile xml(contract_adapter_xml());
  const Adapter good = read_adapter(xml.path, "my_adapter");

  Adapter narrow = good;
  narrow.ports["in_a_i"].width = 16;
  CHECK(refusal(narrow) == "/units/adapter.sv:14: port in_a_i is 16 bits wide: the contract "
                           "needs 32 (Lanes=2, TagWidth=8)");
  Adapter reversed = good;
  reversed.ports["out_ready_i"].dir = "output";
  CHECK(refusal(reversed) == "/units/adapter.sv:19: port out_ready_i is an output: the contract "
                             "needs an input");
  Adapter missing = good;
  missing.ports.erase("rst_ni");
  CHECK(refusal(missing) == "/units/adapter.sv:3: the adapter my_adapter has no port rst_ni "
                            "(input, 1 bit): the contract needs it");
  Adapter extra = good;
  extra.ports["debug_o"] = {"output", 4, "", "/units/adapter.sv:30"};
  CHECK(refusal(extra) == "/units/adapter.sv:30: port debug_o is not in the contract: the "
                          "harness drives only the contract's ports (tie it off inside the adapter)");
  Adapter lanes = good;
  lanes.parameters["Lanes"].number = 9;
  CHECK(refusal(lanes) == "/units/adapter.sv:4: parameter Lanes is 9: the contract needs 1..8");
  Adapter no_tag = good;
  no_tag.parameters.erase("TagWidth");
  CHECK(refusal(no_tag) == "/units/adapter.sv:3: the adapter my_adapter has no parameter "
                           "TagWidth: the contract needs it (1..32)");
  Adapter bad_form = good;
  bad_form.parameters["Forms"].text = "add.f16 div.f16";
  CHECK(refusal(bad_form) == "/units/adapter.sv:6: parameter Forms names 'div.f16', which is no "
                             "PTX form (halfpipe forms lists them)");
}

TEST_CASE("unit contract: the top modules are the cells no other module instantiates") {
  const XmlFile xml(
      "<verilator_xml><netlist><cells>\n"
      "<cell loc=\"a,1,1,1,1\" name=\"TOP\" submodname=\"my_adapter\" hier=\"TOP\">\n"
      "<cell loc=\"a,2,1,2,1\" name=\"u_fpu\" submodname=\"fpu\" hier=\"TOP.u_fpu\"/>\n"
      "</cell>\n</cells>\n<cells>\n"
      "<cell loc=\"a,9,1,9,1\" name=\"TOP\" submodname=\"spare\" hier=\"TOP\"/>\n"
      "</cells></netlist></verilator_xml>\n");
  CHECK(top_modules(xml.path) == std::vector<std::string>{"my_adapter", "spare"});
}

TEST_CASE("unit contract: an elaboration that is not well-formed XML is refused at its line") {
  // The element opened on line 3 is closed by another's end tag on line 4.
  const XmlFile xml("<verilator_xml>\n<netlist>\n<module name=\"my_adapter\">\n</netlist>\n"
                    "</verilator_xml>\n");
  CHECK_THROWS_WITH(read_adapter(xml.path, "my_adapter"),
                    Catch::StartsWith(xml.path + ":4: not the XML verilator --xml-only writes: "));
  CHECK_THROWS_WITH(top_modules(xml.path),
                    Catch::StartsWith(xml.path + ":4: not the XML verilator --xml-only writes: "));
  CHECK_THROWS_WITH(top_modules("/nonexistent/unit.xml"), "/nonexistent/unit.xml: cannot be read");
}

TEST_CASE("unit contract: a name that entities spell is read as the text it stands for") {
  // XML's entities in an attribute, as Verilator escapes a path or a string parameter.
  std::string text = contract_adapter_xml();
  const std::string path = "/units/adapter.sv";
  text.replace(text.find(path), path.size(), "/units/a&amp;b &lt;1&gt;.sv");
  const XmlFile xml(text);
  const Adapter a = read_adapter(xml.path, "my_adapter");
  CHECK(a.where == "/units/a&b <1>.sv:3");
  CHECK(a.parameters.at("Forms").text == "add.f16 mul.f16");  // written &quot;...&quot;
}
