package dev.reviewgate.core.catalog;

import java.util.List;
import java.util.Map;

/**
 * What the catalog declares besides tools: resource templates and prompts that read through a tool, and the
 * completion sources their arguments name, and the {@link AgentGuide}. Every one refers only to tools and arguments of its catalog (checked when
 * it is loaded, by {@link DeclarationReader}).
 */
record Declarations(
  List<ResourceTemplate> resourceTemplates,
  List<Prompt> prompts,
  Map<String, CompletionSource> completionSources,
  AgentGuide guide) {
}
