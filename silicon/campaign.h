// `halfpipe silicon --campaign`: writes and builds the silicon campaign (README, "Silicon
// campaign"), one program that runs every input of every legal PTX form on an NVIDIA GPU and
// compares each result bit for bit with the reference, which it links in. The program's host
// side is silicon/campaign/*.cpp, its device side the kernels written here; both generate the
// operands by silicon/campaign/enumeration.h. Every source it is built from is written into the
// program's directory with build.sh, so that it can be rebuilt wherever nvcc runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::silicon {

struct CampaignForm {
  std::string canonical;
  Uop uop;
};

// The campaign's forms: every legal PTX form the target runs, or the named ones (any legal
// spelling), in the order of isa::legal_ptx_forms(). Throws std::invalid_argument naming a form
// that is illegal or needs more than sm_`target_sm`, and the target it needs.
std::vector<CampaignForm> campaign_forms(const std::vector<std::string>& names, int target_sm);

// The SM versions the program carries SASS for: the target, and sm_90 and sm_100 where above
// it. PTX of the target rides along for later GPUs.
std::vector<int> campaign_sass_targets(int target_sm);

// The device side: one kernel per form, its instruction by inline asm, its operands generated on
// the GPU.
std::string campaign_kernels_source(const std::vector<CampaignForm>& forms, int target_sm);
// build.sh: compiles the reference, the host and the kernels; links libstdc++ and the CUDA
// runtime statically, nvcc linking. NVCC and CXX override the tools it finds. `seconds` is the
// program's default --seconds.
std::string campaign_build_script(int target_sm, uint64_t seconds);

// Writes the campaign into `dir`: build.sh, probes.vec and corners.vec (read by the program at
// run time), and src/ (the host, the kernels, the reference). Throws std::runtime_error for a
// file it cannot write.
void write_campaign(const std::string& dir, const std::vector<CampaignForm>& forms, int target_sm,
                    const std::string& command, uint64_t seconds);

// The expected run time of the campaign's host side: the bulk path's rate for each form,
// measured here for about `seconds_per_form`, over the inputs the campaign runs, on `cores`
// cores like this machine's.
struct CampaignEstimate {
  std::string bulk_path;       // what the rates were measured with
  double core_seconds = 0;     // the whole campaign on one core
  double seconds(unsigned cores) const { return core_seconds / cores; }
};
CampaignEstimate estimate_campaign(const std::vector<CampaignForm>& forms,
                                   double seconds_per_form = 0.01);

}  // namespace halfpipe::silicon
