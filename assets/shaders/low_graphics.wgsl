// Low graphics' fragment shader for Bevy's StandardMaterial (`game::look::low_shading`).
//
// A software renderer (Mesa's llvmpipe, SwiftShader) runs every branch of a shader for
// every pixel, masked, when the branch depends on the material: Bevy's full PBR shader
// then pays for lights, probes, transmission and clearcoat that this scene never has.
// This shader keeps what the board's look needs, with the same light units as Bevy's:
// - the base colour (material colour x vertex colour x texture), the normal map;
// - occlusion and roughness from the material's textures;
// - the directional lights: Lambert diffuse, a GGX highlight, one shadow comparison;
// - the environment map's diffuse light (one cube sample) and the ambient light;
// - emission, unlit materials, tone mapping and debanding as Bevy does them.
// Left out: the environment's specular reflection, point and spot lights, fog,
// transmission, clearcoat, anisotropy, parallax and lightmaps.

#import bevy_render::bindless::{bindless_samplers_filtering, bindless_textures_2d}
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    pbr_bindings,
    pbr_types,
    pbr_types::StandardMaterial,
    pbr_functions,
    mesh_bindings::mesh,
    mesh_view_bindings as view_bindings,
    mesh_view_types,
    shadows,
}
#ifdef BINDLESS
#import bevy_pbr::pbr_bindings::material_indices
#endif
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::{tone_mapping, screen_space_dither}
#endif

const PI: f32 = 3.141592653589793;

fn material_of(slot: u32) -> StandardMaterial {
#ifdef BINDLESS
    return pbr_bindings::material_array[material_indices[slot].material];
#else
    return pbr_bindings::material;
#endif
}

fn sample_base_colour(slot: u32, uv: vec2<f32>) -> vec4<f32> {
#ifdef BINDLESS
    return textureSampleBias(
        bindless_textures_2d[material_indices[slot].base_color_texture],
        bindless_samplers_filtering[material_indices[slot].base_color_sampler],
        uv, view_bindings::view.mip_bias);
#else
    return textureSampleBias(pbr_bindings::base_color_texture, pbr_bindings::base_color_sampler,
        uv, view_bindings::view.mip_bias);
#endif
}

fn sample_metallic_roughness(slot: u32, uv: vec2<f32>) -> vec4<f32> {
#ifdef BINDLESS
    return textureSampleBias(
        bindless_textures_2d[material_indices[slot].metallic_roughness_texture],
        bindless_samplers_filtering[material_indices[slot].metallic_roughness_sampler],
        uv, view_bindings::view.mip_bias);
#else
    return textureSampleBias(pbr_bindings::metallic_roughness_texture,
        pbr_bindings::metallic_roughness_sampler, uv, view_bindings::view.mip_bias);
#endif
}

fn sample_occlusion(slot: u32, uv: vec2<f32>) -> vec4<f32> {
#ifdef BINDLESS
    return textureSampleBias(
        bindless_textures_2d[material_indices[slot].occlusion_texture],
        bindless_samplers_filtering[material_indices[slot].occlusion_sampler],
        uv, view_bindings::view.mip_bias);
#else
    return textureSampleBias(pbr_bindings::occlusion_texture, pbr_bindings::occlusion_sampler,
        uv, view_bindings::view.mip_bias);
#endif
}

#ifdef STANDARD_MATERIAL_NORMAL_MAP
fn sample_normal_map(slot: u32, uv: vec2<f32>) -> vec4<f32> {
#ifdef BINDLESS
    return textureSampleBias(
        bindless_textures_2d[material_indices[slot].normal_map_texture],
        bindless_samplers_filtering[material_indices[slot].normal_map_sampler],
        uv, view_bindings::view.mip_bias);
#else
    return textureSampleBias(pbr_bindings::normal_map_texture, pbr_bindings::normal_map_sampler,
        uv, view_bindings::view.mip_bias);
#endif
}
#endif

// The view's environment light on a surface facing `n` (irradiance, not yet scaled by
// the exposure), or nothing where the view has none.
fn environment_irradiance(n: vec3<f32>) -> vec3<f32> {
#ifdef ENVIRONMENT_MAP
    let probes = view_bindings::light_probes;
    if (probes.view_cubemap_index < 0) {
        return vec3(0.0);
    }
    // Cube maps are left-handed (the scene's environment is not rotated).
    let dir = vec3(n.x, n.y, -n.z);
#ifdef MULTIPLE_LIGHT_PROBES_IN_ARRAY
    let sampled = textureSampleLevel(
        view_bindings::diffuse_environment_maps[probes.view_cubemap_index],
        view_bindings::environment_map_sampler, dir, 0.0).rgb;
#else
    let sampled = textureSampleLevel(
        view_bindings::diffuse_environment_map,
        view_bindings::environment_map_sampler, dir, 0.0).rgb;
#endif
    return sampled * probes.intensity_for_view;
#else
    return vec3(0.0);
#endif
}

// GGX specular highlight of one light (Bevy's D x V x F with Schlick's Fresnel).
fn highlight(n: vec3<f32>, v: vec3<f32>, l: vec3<f32>, roughness: f32, f0: vec3<f32>) -> vec3<f32> {
    let h = normalize(l + v);
    let n_dot_h = saturate(dot(n, h));
    let n_dot_l = max(dot(n, l), 0.0001);
    let n_dot_v = max(dot(n, v), 0.0001);
    let a2 = roughness * roughness;
    let d_denominator = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
    let d = a2 / (PI * d_denominator * d_denominator);
    let visibility = 0.5 / (n_dot_l * sqrt((n_dot_v - a2 * n_dot_v) * n_dot_v + a2)
        + n_dot_v * sqrt((n_dot_l - a2 * n_dot_l) * n_dot_l + a2));
    let fresnel = f0 + (1.0 - f0) * pow(1.0 - saturate(dot(v, h)), 5.0);
    return d * visibility * fresnel;
}


// How much of directional light `light_id` reaches `position` past its shadow map (1
// lit, 0 shadowed): the first cascade that holds the fragment, with Bevy's normal and
// depth biases, one comparison filtered 2x2 by the sampler. Bevy's own lookup also
// blends cascades and has a soft-shadow path; a software renderer pays for that code
// on every pixel though this scene uses neither (one cascade, hard-edged light).
fn key_light_shadow(light_id: u32, position: vec4<f32>, normal: vec3<f32>, view_z: f32) -> f32 {
    let light = &view_bindings::lights.directional_lights[light_id];
    let cascade_index = shadows::get_cascade_index(light_id, view_z);
    if (cascade_index >= (*light).num_cascades) {
        return 1.0;
    }
    let cascade = &(*light).cascades[cascade_index];
    let normal_offset = (*light).shadow_normal_bias * (*cascade).texel_size * normal;
    let depth_offset = (*light).shadow_depth_bias * (*light).direction_to_light;
    let clip = (*cascade).clip_from_world * vec4(position.xyz + normal_offset + depth_offset, 1.0);
    let ndc = clip.xyz / clip.w;
    if (clip.w <= 0.0 || any(ndc.xy < vec2(-1.0)) || ndc.z < 0.0 || any(ndc > vec3(1.0))) {
        return 1.0;
    }
    let at = ndc.xy * vec2(0.5, -0.5) + vec2(0.5);
#ifdef NO_ARRAY_TEXTURES_SUPPORT
    return textureSampleCompare(view_bindings::directional_shadow_textures,
        view_bindings::directional_shadow_textures_comparison_sampler, at, ndc.z);
#else
    let layer = i32((*light).depth_texture_base_index + cascade_index);
    return textureSampleCompareLevel(view_bindings::directional_shadow_textures,
        view_bindings::directional_shadow_textures_comparison_sampler, at, layer, ndc.z);
#endif
}

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    let slot = mesh[in.instance_index].material_and_lightmap_bind_group_slot & 0xffffu;
    let material = material_of(slot);
    let flags = material.flags;
    let double_sided = (flags & pbr_types::STANDARD_MATERIAL_FLAGS_DOUBLE_SIDED_BIT) != 0u;

    var base = material.base_color;
#ifdef VERTEX_COLORS
    base *= in.color;
#endif
    var perceptual_roughness = material.perceptual_roughness;
    var metallic = material.metallic;
    var occlusion = 1.0;
#ifdef VERTEX_UVS_A
    let uv = (material.uv_transform * vec3(in.uv, 1.0)).xy;
    if ((flags & pbr_types::STANDARD_MATERIAL_FLAGS_BASE_COLOR_TEXTURE_BIT) != 0u) {
        base *= sample_base_colour(slot, uv);
    }
#endif

    var out: FragmentOutput;
    if ((flags & pbr_types::STANDARD_MATERIAL_FLAGS_UNLIT_BIT) != 0u) {
        out.color = base;
    } else {
#ifdef VERTEX_UVS_A
        if ((flags & pbr_types::STANDARD_MATERIAL_FLAGS_METALLIC_ROUGHNESS_TEXTURE_BIT) != 0u) {
            let metallic_roughness = sample_metallic_roughness(slot, uv);
            metallic *= metallic_roughness.b;
            perceptual_roughness *= metallic_roughness.g;
        }
        if ((flags & pbr_types::STANDARD_MATERIAL_FLAGS_OCCLUSION_TEXTURE_BIT) != 0u) {
            occlusion = sample_occlusion(slot, uv).r;
        }
#endif

        // The surface's normal: the mesh's, bent by the normal map.
        var n = normalize(in.world_normal);
#ifdef VERTEX_TANGENTS
#ifdef STANDARD_MATERIAL_NORMAL_MAP
#ifdef VERTEX_UVS_A
        let tbn = pbr_functions::calculate_tbn_mikktspace(in.world_normal, in.world_tangent);
        n = pbr_functions::apply_normal_mapping(flags, tbn, double_sided, is_front,
            sample_normal_map(slot, uv).rgb);
#endif
#endif
#else
        if (double_sided && !is_front) {
            n = -n;
        }
#endif

        let v = normalize(view_bindings::view.world_position.xyz - in.world_position.xyz);
        let diffuse_colour = base.rgb * (1.0 - metallic);
        let f0 = 0.16 * material.reflectance * material.reflectance * (1.0 - metallic)
            + base.rgb * metallic;
        let roughness = max(perceptual_roughness * perceptual_roughness, 0.089 * 0.089);
        let view_z = dot(vec4<f32>(
            view_bindings::view.view_from_world[0].z,
            view_bindings::view.view_from_world[1].z,
            view_bindings::view.view_from_world[2].z,
            view_bindings::view.view_from_world[3].z
        ), in.world_position);

        var direct = vec3(0.0);
        let lights = view_bindings::lights.n_directional_lights;
        for (var i: u32 = 0u; i < lights; i = i + 1u) {
            let light = &view_bindings::lights.directional_lights[i];
            let l = (*light).direction_to_light;
            let n_dot_l = saturate(dot(n, l));
            var shadow = 1.0;
            if (((*light).flags & mesh_view_types::DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT) != 0u) {
                shadow = key_light_shadow(i, in.world_position, in.world_normal, view_z);
            }
            let reflected = diffuse_colour / PI + highlight(n, v, l, roughness, f0);
            direct += reflected * (*light).color.rgb * n_dot_l * shadow;
        }

        let ambient = view_bindings::lights.ambient_color.rgb;
        let indirect = (environment_irradiance(n) + ambient) * diffuse_colour * occlusion;
        var emissive = material.emissive.rgb * mix(1.0, view_bindings::view.exposure, material.emissive.a);
        out.color = vec4(view_bindings::view.exposure * (direct + indirect) + emissive, base.a);
    }

#ifdef TONEMAP_IN_SHADER
    out.color = tone_mapping(out.color, view_bindings::view.color_grading);
#ifdef DEBAND_DITHER
    var rgb = pow(max(out.color.rgb, vec3(0.0)), vec3(1.0 / 2.2));
    rgb += screen_space_dither(in.position.xy);
    out.color = vec4(pow(max(rgb, vec3(0.0)), vec3(2.2)), out.color.a);
#endif
#endif
#ifdef PREMULTIPLY_ALPHA
    out.color = vec4(out.color.rgb * out.color.a, out.color.a);
#endif
    return out;
}
